/**
 * @module The finger door (RFC 1288): `finger @site` and `finger handle@site` get the
 * plain profile, the text `/?nocolor` answers, in CRLF lines; another user name one line
 * saying there is no such user; a query that asks to forward (`user@host`) one line
 * refusing it. A query is one line: over 512 bytes without its end is refused, and a
 * client that sends none within `FINGER_TIMEOUT_SECONDS` is closed. A few lines of our
 * own on `node:net`, which Bun and Deno both serve (docs/decisions/2026-11-27-doors.md).
 */
import { createServer } from "node:net";
import type { FingerConfig } from "./config.ts";
import type { DoorLimit, SessionEnding } from "./door-words.ts";
import { Entrance } from "./entrance.ts";
import { listenOn, type OpenDoor } from "./listen.ts";
import { type DoorReport, refusalReporter, sessionOpened } from "./session-log.ts";

/** The longest query line, its CRLF excluded (RFC 1288 sets none; a name is far shorter). */
export const FINGER_QUERY_LIMIT_BYTES = 512;
/** Finger connections at once, and per client address: each lasts a moment. */
export const FINGER_MAX = 20;
export const FINGER_PER_CLIENT = 3;
/** How much of an unknown name is repeated back, printable ASCII only. */
const NAME_SHOWN = 32;

export interface FingerDoorOptions extends DoorReport {
  readonly host: string;
  readonly config: FingerConfig;
  /** The owner's handle: the one user here (any case). */
  readonly handle: string;
  /** The plain profile, lines ending in `\n`. */
  readonly plainProfile: () => string;
  /** Whether the peer's address is the visitor's (not behind Fly's proxy): see the SSH door. */
  readonly peerIsClient: boolean;
}

const withCrlf = (text: string) => text.replace(/\r?\n/g, "\r\n");

/** The answer to one query line (without its CRLF). */
export function fingerAnswer(query: string, handle: string, plainProfile: () => string): string {
  // `/W` asks for more of the user: there is no more than the profile.
  const user = query.replace(/^\/W\s*/i, "").trim();
  if (user.includes("@")) return "finger: this site forwards no queries to other hosts\r\n";
  if (user === "" || user.toLowerCase() === handle.toLowerCase()) return withCrlf(plainProfile());
  const shown = user.replace(/[^\x20-\x7e]/g, "?").slice(0, NAME_SHOWN);
  return `finger: no such user here: ${shown}${user.length > NAME_SHOWN ? "..." : ""}\r\n`;
}

const REFUSALS: Readonly<Record<DoorLimit, string>> = {
  max: "finger: too many queries at once; try again in a minute\r\n",
  per_client: "finger: your address has as many queries open as it may; try again in a minute\r\n",
};

export async function openFingerDoor(options: FingerDoorOptions): Promise<OpenDoor> {
  const { config } = options;
  const open = new Set<(ending: SessionEnding) => void>();
  const emptied: (() => void)[] = [];
  const entrance = new Entrance(
    { max: FINGER_MAX, perClient: FINGER_PER_CLIENT },
    { peerIsClient: options.peerIsClient, refused: refusalReporter(options, "finger") },
  );

  const server = createServer((socket) => {
    const arrival = entrance.arrive(socket);
    if (!arrival) return;
    const { refused } = arrival;
    if (refused) {
      socket.end(REFUSALS[refused]);
      setTimeout(() => socket.destroy(), 1000).unref?.();
      return;
    }
    const reported = sessionOpened(options, "finger");
    let ending: SessionEnding | undefined;
    let query = Buffer.alloc(0);
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const end = (why: SessionEnding, text?: string) => {
      if (ending) return;
      ending = why;
      clearTimeout(timeout);
      if (text) socket.end(text);
      else socket.destroy();
      // A client that stops reading the answer is not waited for.
      setTimeout(() => socket.destroy(), config.timeoutSeconds * 1000).unref?.();
    };
    open.add(end);
    timeout = setTimeout(() => end("too_late"), config.timeoutSeconds * 1000);
    socket.on("data", (chunk: Buffer) => {
      if (ending) return;
      query = Buffer.concat([query, chunk]);
      const lineEnd = query.indexOf("\n");
      if (lineEnd === -1) {
        if (query.length > FINGER_QUERY_LIMIT_BYTES) {
          end("too_long", `finger: a query is one line of at most ${FINGER_QUERY_LIMIT_BYTES} bytes\r\n`);
        }
        return;
      }
      const line = query.subarray(0, lineEnd).toString("latin1").replace(/\r$/, "");
      if (line.length > FINGER_QUERY_LIMIT_BYTES) {
        end("too_long", `finger: a query is one line of at most ${FINGER_QUERY_LIMIT_BYTES} bytes\r\n`);
        return;
      }
      end("answered", fingerAnswer(line, options.handle, options.plainProfile));
    });
    socket.once("close", () => {
      clearTimeout(timeout);
      open.delete(end);
      reported(ending ?? "left");
      if (open.size === 0) for (const resolve of emptied.splice(0)) resolve();
    });
  });

  const port = await listenOn(server, options.host, config.port, (error) =>
    options.log.error("The finger door's listening socket failed", error),
  );
  return {
    port,
    drain() {
      entrance.drain();
      server.close();
      for (const end of [...open]) end("shutdown");
    },
    closed() {
      if (open.size === 0) return Promise.resolve();
      return new Promise((resolve) => emptied.push(resolve));
    },
  };
}
