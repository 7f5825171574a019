/** @module Random picks from a fixed list, optionally never the same one twice in a row. */

/** A uniform pick from `items`. */
export function anyOf<T>(items: readonly T[], random: () => number = Math.random): () => T {
  if (items.length === 0) throw new Error("anyOf needs at least one item");
  return () => items[Math.floor(random() * items.length)] as T;
}

/**
 * A uniform pick among every item but the last one returned, so two requests in a row
 * never see the same one (with a single item, that one is repeated).
 */
export function anyOfButTheLast<T>(items: readonly T[], random: () => number = Math.random): () => T {
  if (items.length === 0) throw new Error("anyOfButTheLast needs at least one item");
  let last = -1;
  return () => {
    if (items.length === 1) return items[0] as T;
    let index = Math.floor(random() * (last === -1 ? items.length : items.length - 1));
    if (last !== -1 && index >= last) index += 1;
    last = index;
    return items[index] as T;
  };
}
