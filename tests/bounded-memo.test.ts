/** The bounded memo: answers kept for keys seen lately, never more than its limit. */
import { expect, test } from "bun:test";
import { boundedMemo } from "../lib/bounded-memo.ts";

/** A memo of the keys' lengths that records each key it computes. */
function counting(limit: number, maxKeyLength?: number) {
  const computed: string[] = [];
  const memo = boundedMemo(
    (key) => {
      computed.push(key);
      if (key === "bad") throw new Error("refused");
      return key.length;
    },
    { limit, ...(maxKeyLength !== undefined && { maxKeyLength }) },
  );
  return { memo, computed };
}

test("computes a key once while it is kept", () => {
  const { memo, computed } = counting(4);
  expect([memo("a"), memo("bb"), memo("a"), memo("bb")]).toEqual([1, 2, 1, 2]);
  expect(computed).toEqual(["a", "bb"]);
});

test("is emptied when one more key comes than it keeps", () => {
  const { memo, computed } = counting(2);
  for (const key of ["a", "b", "c", "a", "c"]) memo(key);
  // "c" emptied it: "a" is computed again, and is kept beside "c".
  expect(computed).toEqual(["a", "b", "c", "a"]);
});

test("answers a key over the length limit without keeping it", () => {
  const { memo, computed } = counting(4, 3);
  expect([memo("long"), memo("long"), memo("abc"), memo("abc")]).toEqual([4, 4, 3, 3]);
  expect(computed).toEqual(["long", "long", "abc"]);
});

test("keeps nothing for a key whose computation throws", () => {
  const { memo, computed } = counting(4);
  expect(() => memo("bad")).toThrow("refused");
  expect(() => memo("bad")).toThrow("refused");
  expect(computed).toEqual(["bad", "bad"]);
});
