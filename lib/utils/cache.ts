/**
 * @module The one way the app keeps what it built for a request, to answer the next one
 * the same: a drawing of the profile for a set of switches, a body in a content coding,
 * the docs. Each value is built the first time its key is asked for; with `every`, all are
 * built again once that interval of the clock has passed (text that shows the owner's
 * minute); with `limit`, strangers' keys cannot grow it past that many.
 *
 * @example
 * const drawn = new Cache<PreparedResponse>({ limit: 32, every: { ms: 60_000, clock } });
 * drawn.get("nocolor 80", (at) => prepare(draw(at)));
 */

export interface CacheOptions {
  /** How many values it keeps; emptied when one more comes. @default Infinity */
  readonly limit?: number;
  /** Every value is built again in each interval of `ms` milliseconds of `clock`. */
  readonly every?: { readonly ms: number; readonly clock: () => number };
}

export class Cache<V> {
  readonly #values = new Map<string, V>();
  readonly #limit: number;
  readonly #every: CacheOptions["every"];
  /** The interval the values were built in. */
  #interval = Number.NaN;

  constructor({ limit = Number.POSITIVE_INFINITY, every }: CacheOptions = {}) {
    this.#limit = limit;
    this.#every = every;
  }

  /** The value for `key`, built now by `build` unless it was in this interval; `at` is the clock's now. */
  get(key: string, build: (at: Date) => V): V {
    const now = this.#every?.clock();
    if (this.#every && now !== undefined) {
      const interval = Math.floor(now / this.#every.ms);
      if (interval !== this.#interval) {
        this.#values.clear();
        this.#interval = interval;
      }
    }
    let value = this.#values.get(key);
    if (value === undefined) {
      value = build(new Date(now ?? Date.now()));
      if (this.#values.size >= this.#limit) this.#values.clear();
      this.#values.set(key, value);
    }
    return value;
  }
}
