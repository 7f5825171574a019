/**
 * @module A function's answers kept for the keys seen lately, emptied when full: for keys
 * that come back over and over (User-Agents, a status bar's query) among strangers' keys,
 * which must not grow it.
 */

export interface BoundedMemoOptions {
  /** How many keys it keeps; emptied when one more comes. */
  readonly limit: number;
  /** Keys longer than this are answered but not kept. @default Infinity */
  readonly maxKeyLength?: number;
}

/**
 * `compute(key)`, kept for later calls with the same key. A key whose `compute` throws is
 * not kept.
 *
 * @example
 * const kindOf = boundedMemo(classify, { limit: 512, maxKeyLength: 512 });
 */
export function boundedMemo<V extends NonNullable<unknown>>(
  compute: (key: string) => V,
  { limit, maxKeyLength = Number.POSITIVE_INFINITY }: BoundedMemoOptions,
): (key: string) => V {
  const kept = new Map<string, V>();
  return function remembered(key) {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (key.length <= maxKeyLength) {
        if (kept.size >= limit) kept.clear();
        kept.set(key, value);
      }
    }
    return value;
  };
}
