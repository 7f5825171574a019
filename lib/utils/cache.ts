/**
 * @module The one way the app keeps what it built for a request, to answer the next one
 * the same: a drawing of the profile for a set of switches, a body in a content coding,
 * the docs, a module loaded on first use (`lazy`). Each value is built the first time its
 * key is asked for; with `every`, all are built again once that interval of the clock has
 * passed (text that shows the owner's minute); with `limit`, strangers' keys cannot grow it
 * past that many. A promise that rejects is not kept: the next request builds it again,
 * rather than every request answering the same failure until a restart.
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
      if (value instanceof Promise) this.#forgetIfRejected(key, value);
    }
    return value;
  }

  /** Drops `promise` once it rejects, unless another value has taken its key since. */
  #forgetIfRejected(key: string, promise: Promise<unknown>): void {
    promise.catch(() => {
      if (this.#values.get(key) === promise) this.#values.delete(key);
    });
  }
}

/**
 * A value built on its first use and kept: the one value of a `Cache`, so a promise that
 * rejects (an import, a file read) is built again on the next use.
 *
 * @example
 * const server = lazy(() => import("./server.ts").then(({ loadServer }) => loadServer(site)));
 * await server();
 */
export function lazy<V>(build: () => V): () => V {
  const kept = new Cache<V>();
  return function built() {
    return kept.get("", build);
  };
}
