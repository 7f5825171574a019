/**
 * @module A door's server, on `node:net`: each connection that arrives takes a slot
 * (`lib/utils/slots.ts`, so many in all and per client address) before a byte is read, or
 * is refused by a limit. A refused one is told why: in a line written at once, for a door
 * that has one (finger), or by the door itself (SSH, in its session). Accepted connections
 * are handed to the door, counted, and logged when they close. On drain, nothing more is
 * accepted and every open connection is closed for `shutdown`.
 */
import { createServer, type Socket } from "node:net";
import { clientKey, type SlotLimit, Slots } from "../../utils/slots.ts";
import type { CloseReason } from "./close-reasons.ts";
import { connectionOpened, type DoorReport, refusalReporter } from "./connection-log.ts";
import { listenOn, type OpenDoor } from "./listen.ts";

/** A connection as it reaches its door: its socket, and the limit that refused it, if one did. */
export interface Accepted {
  readonly socket: Socket;
  readonly refused: SlotLimit | undefined;
}

/** What a door keeps of a connection it was handed: why it closed, and how to close it. */
export interface Served {
  readonly reason: CloseReason | undefined;
  close(reason: CloseReason): void;
}

export interface DoorServerOptions {
  readonly host: string;
  readonly port: number;
  /** Connections at once, and per client address. */
  readonly limits: { readonly max: number; readonly perClient: number };
  readonly report: DoorReport;
  /** Whether the peer's address is the visitor's (not behind Fly's proxy): without it, only the total holds. */
  readonly peerIsClient: boolean;
  /** The line a refused connection is told, for a door that answers in lines; without one, the door tells it. */
  readonly refusalLine?: (limit: SlotLimit) => string;
}

/** How long a refused connection is held for its client to read why and close. */
const REFUSAL_HELD_MS = 1000;

/**
 * Listens for `handle`'s door; resolves once listening (a `ListenError` when the address is
 * refused). A refused connection is held for its client to read why and close, up to a
 * second, while no more are held than the door has slots; beyond that, a refusal line is
 * written and the socket closed at once, and a door that must tell why itself is not
 * handed the connection: it is closed at once.
 */
export async function serveDoor(
  options: DoorServerOptions,
  handle: (accepted: Accepted) => Served,
): Promise<OpenDoor> {
  const { report } = options;
  const slots = new Slots(options.limits.max, options.limits.perClient);
  const refused = refusalReporter(report);
  const open = new Set<Served>();
  const emptied: (() => void)[] = [];
  let beingRefused = 0;
  let draining = false;

  const server = createServer((socket) => {
    socket.on("error", () => {});
    if (draining) {
      socket.destroy();
      return;
    }
    const client = options.peerIsClient ? clientKey(socket.remoteAddress ?? "unknown") : undefined;
    const limit = slots.take(client);
    if (limit) {
      refused(limit);
      const held = beingRefused < slots.max;
      if (held) {
        beingRefused += 1;
        socket.once("close", () => {
          beingRefused -= 1;
        });
      }
      if (options.refusalLine) {
        tell(socket, options.refusalLine(limit), held);
        return;
      }
      if (!held) {
        socket.destroy();
        return;
      }
    } else {
      socket.once("close", () => slots.free(client));
    }
    const closed = limit ? undefined : connectionOpened(report);
    let served: Served;
    try {
      served = handle({ socket, refused: limit });
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
  });

  /**
   * Writes `line` and closes: once the client has read it and closed, or after a second
   * when `held`; else as soon as the line is written, so a flood holds no socket.
   */
  function tell(socket: Socket, line: string, held: boolean): void {
    // What the client sent is read and dropped: a socket closed with bytes unread resets.
    socket.resume();
    socket.end(line);
    if (held) setTimeout(() => socket.destroy(), REFUSAL_HELD_MS).unref?.();
    else socket.once("finish", () => socket.destroy());
  }

  const port = await listenOn(server, options.host, options.port, (error) =>
    report.log.error(`The ${report.door} door's listening socket failed`, error),
  );
  return {
    port,
    drain() {
      draining = true;
      server.close();
      for (const served of [...open]) served.close("shutdown");
    },
    closed() {
      if (open.size === 0) return Promise.resolve();
      return new Promise((resolve) => emptied.push(resolve));
    },
  };
}
