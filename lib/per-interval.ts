/**
 * @module Live values rebuilt at most once per interval: a status card that shows the
 * time to the second need not be rendered more than once a second.
 */

/** Returns `build(now)` for the clock's current interval, building it on first use. */
export function perInterval<T>(intervalMs: number, clock: () => Date, build: (at: Date) => T): () => T {
  let slot = Number.NaN;
  let value: T;
  return function current(): T {
    const at = clock();
    const now = Math.floor(at.getTime() / intervalMs);
    if (now !== slot) {
      value = build(at);
      slot = now;
    }
    return value;
  };
}
