/**
 * @module A door's server, on `node:net`: each connection that arrives takes a slot
 * (`lib/utils/slots.ts`, so many in all and per client address) before a byte is read, or
 * is refused by a limit; either way it is handed to the door, which serves it or tells it
 * why it is refused. Accepted connections are counted and logged when they close. On
 * drain, nothing more is accepted and every open connection is closed for `shutdown`.
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
}

/**
 * Listens for `handle`'s door; resolves once listening (a `ListenError` when the address is
 * refused). Refused connections are handed over too, to be told why, but no more at once
 * than the door has slots: beyond that they are closed at once.
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
      if (beingRefused >= slots.max) {
        socket.destroy();
        return;
      }
      beingRefused += 1;
      socket.once("close", () => {
        beingRefused -= 1;
      });
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
