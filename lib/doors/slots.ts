/**
 * @module The slots of a door: so many connections at once, so many per client address.
 * A connection takes a slot when it arrives, before a byte is read, so that a stranger
 * opening connections and sending nothing is held by the same limits as a visitor.
 */
import type { DoorLimit } from "./door-words.ts";

export class Slots {
  readonly #byClient = new Map<string, number>();
  #taken = 0;

  constructor(
    readonly max: number,
    readonly perClient: number,
  ) {}

  get taken(): number {
    return this.#taken;
  }

  /**
   * Takes a slot for `client`; or says which limit is reached, and takes none. An unknown
   * client (undefined: behind a proxy, say) is held by the total alone.
   */
  take(client: string | undefined): DoorLimit | undefined {
    const held = client === undefined ? 0 : (this.#byClient.get(client) ?? 0);
    if (this.#taken >= this.max) return "max";
    if (held >= this.perClient) return "per_client";
    this.#taken += 1;
    if (client !== undefined) this.#byClient.set(client, held + 1);
    return undefined;
  }

  /** Frees a slot `take` gave `client`. */
  free(client: string | undefined): void {
    this.#taken -= 1;
    if (client === undefined) return;
    const left = (this.#byClient.get(client) ?? 1) - 1;
    if (left > 0) this.#byClient.set(client, left);
    else this.#byClient.delete(client);
  }
}
