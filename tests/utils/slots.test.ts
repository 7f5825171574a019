/** A door's slots: so many in all, so many per address; an unknown client (behind Fly's proxy) held by the total alone. */
import { expect, test } from "bun:test";
import { Slots } from "../../lib/utils/slots.ts";

test("an address gets its share, then per_client; another address still gets in until max", () => {
  const slots = new Slots(3, 2);
  expect([slots.take("a"), slots.take("a"), slots.take("a")]).toEqual([undefined, undefined, "per_client"]);
  expect([slots.take("b"), slots.take("b")]).toEqual([undefined, "max"]);
  slots.free("a");
  expect(slots.take("a")).toBeUndefined();
  expect(slots.taken).toBe(3);
});

test("clients no one can tell apart are held by the total alone", () => {
  const slots = new Slots(3, 1);
  expect([
    slots.take(undefined),
    slots.take(undefined),
    slots.take(undefined),
    slots.take(undefined),
  ]).toEqual([undefined, undefined, undefined, "max"]);
  slots.free(undefined);
  expect(slots.taken).toBe(2);
});
