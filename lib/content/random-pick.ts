/** @module Random picks from a fixed list, never the same one twice in a row. */

/**
 * A uniform pick among every item but the last one returned, so two requests in a row
 * never see the same one; a list of one gives that one every time.
 */
export function randomPicker<T>(items: readonly T[], random: () => number = Math.random): () => T {
  if (items.length === 0) throw new Error("randomPicker needs at least one item");
  let last = -1;
  return () => {
    if (items.length === 1) return items[0] as T;
    let index = Math.floor(random() * (last === -1 ? items.length : items.length - 1));
    if (last !== -1 && index >= last) index += 1;
    last = index;
    return items[index] as T;
  };
}
