/**
 * @module Where a door's connections arrive: each takes a slot (`lib/utils/slots.ts`) or is refused
 * by a limit, counted and logged; a refused one is kept to be told why only while no more
 * are being told than the door has slots, else closed at once; and once the door drains,
 * every arrival is closed at once.
 */
import type { Socket } from "node:net";
import { clientKey, Slots } from "../utils/slots.ts";
import type { DoorLimit } from "./door-words.ts";

/** A connection let in: the client its slot is held for (none behind a proxy), or the limit that refused it. */
export interface Arrival {
  readonly client: string | undefined;
  readonly refused: DoorLimit | undefined;
}

export class Entrance {
  readonly #slots: Slots;
  #beingRefused = 0;
  #draining = false;

  constructor(
    limits: { readonly max: number; readonly perClient: number },
    private readonly options: {
      /** Whether the peer's address is the visitor's (not behind Fly's proxy). */
      readonly peerIsClient: boolean;
      /** Counts and logs a refusal (`refusalReporter`). */
      readonly refused: (limit: DoorLimit) => void;
    },
  ) {
    this.#slots = new Slots(limits.max, limits.perClient);
  }

  /** `socket` has arrived: let in (its slot freed when it closes), refused, or closed at once (undefined). */
  arrive(socket: Socket): Arrival | undefined {
    socket.on("error", () => {});
    if (this.#draining) {
      socket.destroy();
      return undefined;
    }
    const client = this.options.peerIsClient ? clientKey(socket.remoteAddress ?? "unknown") : undefined;
    const refused = this.#slots.take(client);
    if (refused === undefined) {
      socket.once("close", () => this.#slots.free(client));
      return { client, refused };
    }
    this.options.refused(refused);
    if (this.#beingRefused >= this.#slots.max) {
      socket.destroy();
      return undefined;
    }
    this.#beingRefused += 1;
    socket.once("close", () => {
      this.#beingRefused -= 1;
    });
    return { client, refused };
  }

  /** SIGTERM: every arrival from now on is closed at once. */
  drain(): void {
    this.#draining = true;
  }
}
