import { describe, expect, test } from "bun:test";
import { randomPicker } from "../../lib/content/random-pick.ts";

/** A random source that says these values in turn, over and over. */
const saying = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

describe("randomPicker", () => {
  test("reaches every item, the first and the last included", () => {
    const pick = randomPicker(["a", "b", "c"], saying(0, 0.5, 0.999));
    expect(new Set([pick(), pick(), pick(), pick(), pick(), pick()])).toEqual(new Set(["a", "b", "c"]));
  });

  test("skips the previous pick, and still reaches the last item", () => {
    const pick = randomPicker(["a", "b", "c"], () => 0.999);
    expect([pick(), pick(), pick()]).toEqual(["c", "b", "c"]);
  });

  test("never repeats itself, even when the random source keeps saying the same thing", () => {
    for (const stuck of [0, 0.5, 0.999]) {
      const pick = randomPicker(["a", "b"], () => stuck);
      const picks = Array.from({ length: 10 }, pick);
      for (let i = 1; i < picks.length; i++) expect(picks[i]).not.toBe(picks[i - 1]);
    }
  });

  test("a single item is given every time; no items is a programming error", () => {
    const pick = randomPicker(["only"]);
    expect([pick(), pick()]).toEqual(["only", "only"]);
    expect(() => randomPicker([])).toThrow();
  });
});
