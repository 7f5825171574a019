/**
 * @module A rate: so many calls a minute per client, and so many in all, counted in a
 * window that starts again each minute. What a refused caller is told is when the window
 * ends. The counts are kept for the current window only, so they hold no more clients
 * than the total allows calls.
 *
 * @example
 * const rate = new RateLimit({ perClient: 60, max: 1200, windowMs: 60_000 });
 * const refused = rate.take(clientKey(address), Date.now());
 * if (refused) return tooMany(refused.retryAfterSeconds);
 */
import type { SlotLimit } from "./slots.ts";

export interface RateLimitOptions {
  /** Calls one client may make in a window. */
  readonly perClient: number;
  /** Calls all clients together may make in a window. */
  readonly max: number;
  /** @default 60_000 */
  readonly windowMs?: number;
}

/** Which limit refused a call (`max`: everyone's; `per_client`: this client's), and when to try again. */
export interface RateRefusal {
  readonly limit: SlotLimit;
  readonly retryAfterSeconds: number;
}

export class RateLimit {
  readonly perClient: number;
  readonly max: number;
  readonly windowMs: number;
  readonly #byClient = new Map<string, number>();
  #total = 0;
  #windowStart = Number.NEGATIVE_INFINITY;

  constructor({ perClient, max, windowMs = 60_000 }: RateLimitOptions) {
    this.perClient = perClient;
    this.max = max;
    this.windowMs = windowMs;
  }

  /**
   * Counts a call by `client` at `now` (epoch milliseconds); or says which limit it would
   * pass, and counts nothing.
   */
  take(client: string, now: number): RateRefusal | undefined {
    if (now - this.#windowStart >= this.windowMs) {
      this.#windowStart = now - (now % this.windowMs);
      this.#byClient.clear();
      this.#total = 0;
    }
    const made = this.#byClient.get(client) ?? 0;
    const limit = this.#total >= this.max ? "max" : made >= this.perClient ? "per_client" : undefined;
    if (limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((this.#windowStart + this.windowMs - now) / 1000));
      return { limit, retryAfterSeconds };
    }
    this.#byClient.set(client, made + 1);
    this.#total += 1;
    return undefined;
  }

  /** How many clients are counted in the current window. */
  get clients(): number {
    return this.#byClient.size;
  }
}
