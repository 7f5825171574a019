/**
 * @module Live values rebuilt at most once per interval: a status card that shows the
 * time to the second need not be rendered more than once a second.
 */

/**
 * Returns `build(now, input)` for the clock's current interval, building it on first
 * use. The input is something the build needs that the caller holds (the terminal
 * renderer, once loaded); it is only read when the interval has changed.
 */
export function perInterval<T, Input = void>(
  intervalMs: number,
  clock: () => number,
  build: (at: Date, input: Input) => T,
): (input: Input) => T {
  let slot = Number.NaN;
  let value: T;
  return function current(input: Input): T {
    const now = clock();
    const interval = Math.floor(now / intervalMs);
    if (interval !== slot) {
      value = build(new Date(now), input);
      slot = interval;
    }
    return value;
  };
}
