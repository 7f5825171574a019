/**
 * @module What open live views cost: the resident memory each one holds, and the other
 * answers' throughput and p99 while `VIEWS_OPEN` views are drawn every second beside the
 * load. A view is opened as curl opens it (`GET /live`, a terminal's User-Agent) on a raw
 * socket of its own, and read as fast as it is written, as a terminal reads it.
 */
import { connect, type Socket } from "node:net";
import type { ServerProcess } from "../scripts/loopback.ts";
import { type BenchCase, UA } from "./cases.ts";

/** How many views are open beside the load: twice the default `LIVE_VIEWS_MAX`. */
export const VIEWS_OPEN = 200;

/**
 * What the measured server is started with, so that one address (the bench's) may hold
 * every view: the limits are the only thing changed, and no case but these reaches them.
 */
export const VIEWS_OPEN_ENV = {
  LIVE_VIEWS_MAX: String(VIEWS_OPEN),
  LIVE_VIEWS_PER_CLIENT: String(VIEWS_OPEN),
};

/** How long the views are drawn before memory is read: a few frames each, every buffer in use. */
const SETTLE_MS = 3000;

export interface OpenViews {
  /** Resident memory with none open, and with every view open and drawn for a few seconds. */
  readonly resident: { beforeMb: number; openMb: number };
  /** (open − before) / views, in KiB: what one view holds. */
  readonly perViewKib: number;
  /** Ends every view, as a person's Ctrl-C does. */
  close(): void;
}

/** One view, open once its first frame has come; read and dropped after that. */
function openView(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(
        `GET /live HTTP/1.1\r\nHost: ${hostname}\r\nUser-Agent: ${UA.curl}\r\nAccept: */*\r\n\r\n`,
      );
    });
    socket.once("data", (chunk) => {
      if (chunk.toString("latin1").startsWith("HTTP/1.1 200")) resolve(socket);
      else reject(new Error(`a view was refused: ${chunk.toString("latin1").split("\r\n")[0]}`));
      socket.on("data", () => {});
    });
    // The first error fails the opening; a later one (the server stopping) ends the view.
    socket.on("error", reject);
  });
}

/** Opens `VIEWS_OPEN` views on `server`, which must allow them (`VIEWS_OPEN_ENV`). */
export async function openViews(server: ServerProcess): Promise<OpenViews> {
  const beforeMb = server.resident().vmRssMb;
  const sockets = await Promise.all(Array.from({ length: VIEWS_OPEN }, () => openView(server.url)));
  await Bun.sleep(SETTLE_MS);
  const openMb = server.resident().vmRssMb;
  return {
    resident: { beforeMb, openMb },
    perViewKib: ((openMb - beforeMb) * 1024) / VIEWS_OPEN,
    close: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * The cases measured again with the views open: the first of each representation (text,
 * HTML, JSON, pretty JSON, …), so every way of answering is, without doubling the run.
 */
export function oneOfEachRepresentation(cases: readonly BenchCase[]): BenchCase[] {
  const seen = new Set<string>();
  return cases.filter(({ name }) => {
    const representation = name.slice(name.lastIndexOf(": ") + 2);
    if (seen.has(representation)) return false;
    seen.add(representation);
    return true;
  });
}
