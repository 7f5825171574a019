/**
 * @module A door's server, on `node:net`: each connection is taken (`accept.ts`: its PROXY
 * header, its slot or the limit that refused it); a refused one is told why, in a line
 * written at once for a door that has one (finger), or by the door itself (SSH, in its
 * session); an accepted one is handed to the door, counted, and logged when it closes.
 * Where no PROXY header is believed, a connection that sends one is closed. On drain,
 * nothing more is accepted and every open connection is closed for `shutdown`.
 */
import { createServer, type Socket } from "node:net";
import type { SlotLimit } from "../../utils/slots.ts";
import { type Accepted, type AcceptOptions, Acceptor } from "./accept.ts";
import { connectionOpened } from "./connection-log.ts";
import { listenOn, type OpenDoor } from "./listen.ts";
import { PROXY_SIGNATURE_BYTES, startsWithProxySignature } from "./proxy-protocol.ts";
import type { CloseReason } from "./reasons.ts";

export type { Accepted } from "./accept.ts";

/** What a door keeps of a connection it was handed: why it closed, and how to close it. */
export interface Served {
  readonly reason: CloseReason | undefined;
  close(reason: CloseReason): void;
}

export interface DoorServerOptions extends AcceptOptions {
  readonly host: string;
  readonly port: number;
  /** The line a refused connection is told, for a door that answers in lines; without one, the door tells it. */
  readonly refusalLine?: (limit: SlotLimit) => string;
}

/** How long a refused connection is held for its client to read why and close. */
const REFUSAL_HELD_MS = 1000;

/**
 * Writes `line` to a refused connection and closes it: once the client has read it and
 * closed, or after a second when `held`; else as soon as the line is written, so that a
 * flood holds no socket.
 */
function tell(socket: Socket, line: string, held: boolean): void {
  // What the client sent is read and dropped: a socket closed with bytes unread resets.
  socket.resume();
  socket.end(line);
  if (held) setTimeout(() => socket.destroy(), REFUSAL_HELD_MS).unref?.();
  else socket.once("finish", () => socket.destroy());
}

/**
 * Listens for `handle`'s door; resolves once listening (a `ListenError` when the address is
 * refused). A connection a limit refused is told why in the door's refusal line, or handed
 * to the door to tell while it may be held (else closed at once).
 */
export async function serveDoor(
  options: DoorServerOptions,
  handle: (accepted: Accepted) => Served,
): Promise<OpenDoor> {
  const { report, refusalLine } = options;
  const acceptor = new Acceptor(options);
  const open = new Set<Served>();
  const emptied: (() => void)[] = [];

  /** Hands `accepted` to the door; counts it, unless refused, until it closes. */
  function serve(accepted: Accepted): void {
    const { socket } = accepted;
    const closed = accepted.refused ? undefined : connectionOpened(report);
    let served: Served | undefined;
    if (!options.proxyProtocol) {
      // Nobody may claim an address here: a header means a proxy whose word is not taken.
      // Listening before the door does, this sees each chunk before the door does; it holds
      // none back, since an SSH server speaks first (docs/pitfalls.md), and keeps the first
      // bytes until they tell, a header split across packets included.
      let first = Buffer.alloc(0);
      const watch = (chunk: Buffer) => {
        first = Buffer.concat([first, chunk]).subarray(0, PROXY_SIGNATURE_BYTES);
        const signed = startsWithProxySignature(first);
        if (signed !== undefined) socket.off("data", watch);
        if (signed) served?.close("proxy_header");
      };
      socket.on("data", watch);
    }
    // Left paused after its PROXY header; the door reads from here on.
    socket.resume();
    try {
      served = handle(accepted);
    } catch (error) {
      report.log.error(`The ${report.door} door failed to take a connection`, error);
      closed?.("failed");
      socket.destroy();
      return;
    }
    open.add(served);
    socket.once("close", () => {
      open.delete(served);
      closed?.(served.reason ?? "left");
      if (open.size === 0) for (const resolve of emptied.splice(0)) resolve();
    });
  }

  const server = createServer((socket) => {
    acceptor.accept(socket).then(
      (accepted) => {
        if (!accepted) return;
        if (!accepted.refused) serve(accepted);
        else if (refusalLine) tell(socket, refusalLine(accepted.refused), accepted.held);
        else if (accepted.held) serve(accepted);
        else socket.destroy();
      },
      (error: unknown) => {
        report.log.error(`The ${report.door} door failed to take a connection`, error);
        socket.destroy();
      },
    );
  });

  const port = await listenOn(server, options.host, options.port, (error) =>
    report.log.error(`The ${report.door} door's listening socket failed`, error),
  );
  return {
    port,
    drain() {
      acceptor.drain();
      server.close();
      for (const served of [...open]) served.close("shutdown");
    },
    closed() {
      if (open.size === 0) return Promise.resolve();
      return new Promise((resolve) => emptied.push(resolve));
    },
  };
}
