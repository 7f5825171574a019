/**
 * @module Slots for what holds a connection open (a live view, an event stream, a door's
 * session): so many at once, so many per client. A client is its address, an IPv6 one its
 * /64 (`clientKey`). The doors take a slot when a connection arrives, before a byte is
 * read, so that a stranger opening connections and sending nothing is held by the same
 * limits as a visitor.
 */

/** Which limit refused a slot: all are taken (`max`), or this client holds its share (`per_client`). */
export const SLOT_LIMITS = ["max", "per_client"] as const;
export type SlotLimit = (typeof SLOT_LIMITS)[number];

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
  take(client: string | undefined): SlotLimit | undefined {
    const refused = this.refusal(client);
    if (refused) return refused;
    this.#taken += 1;
    if (client !== undefined) this.#byClient.set(client, (this.#byClient.get(client) ?? 0) + 1);
    return undefined;
  }

  /** Which limit `take` would meet for `client` now, taking nothing (what a HEAD asks). */
  refusal(client: string | undefined): SlotLimit | undefined {
    if (this.#taken >= this.max) return "max";
    const held = client === undefined ? 0 : (this.#byClient.get(client) ?? 0);
    return held >= this.perClient ? "per_client" : undefined;
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

/**
 * The key a client's connections are counted under: its IPv4 address, or its IPv6 /64, the
 * block one subscriber is given (RFC 6177), so one of them cannot take every slot.
 */
export function clientKey(address: string): string {
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mappedIpv4) return mappedIpv4[1] as string;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array(Math.max(0, missing)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
