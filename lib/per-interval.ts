/**
 * @module A value rebuilt at most once per interval of a clock: a status card that shows
 * the time to the second need not be drawn more than once a second.
 */

/** `build(now)` for the clock's current interval, built by the first call in that interval. */
export function perInterval<T>(intervalMs: number, clock: () => number, build: (at: Date) => T): () => T {
  let slot = Number.NaN;
  let value: T;
  return function current(): T {
    const now = clock();
    const interval = Math.floor(now / intervalMs);
    if (interval !== slot) {
      value = build(new Date(now));
      slot = interval;
    }
    return value;
  };
}
