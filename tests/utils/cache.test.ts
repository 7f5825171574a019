/** The one way the app keeps what it built: per key, again each interval, never more than its limit. */
import { describe, expect, test } from "bun:test";
import { Cache } from "../../lib/utils/cache.ts";

/** A build that says how many times it ran. */
function counting() {
  let builds = 0;
  return { build: (at: Date) => ({ n: ++builds, at }), builds: () => builds };
}

describe("Cache", () => {
  test("builds a key's value on its first request and only then", () => {
    const cache = new Cache<{ n: number }>();
    const { build, builds } = counting();
    const first = cache.get("a", build);
    expect(cache.get("a", build)).toBe(first);
    expect(cache.get("b", build)).not.toBe(first);
    expect(builds()).toBe(2);
  });

  test("with `every`, builds each key again in the next interval, with the clock's time", () => {
    let now = 60_000 * 10 + 5;
    const cache = new Cache<{ n: number; at: Date }>({ every: { ms: 60_000, clock: () => now } });
    const { build } = counting();
    expect(cache.get("a", build)).toEqual({ n: 1, at: new Date(600_005) });
    now += 50_000;
    expect(cache.get("a", build).n).toBe(1);
    now += 10_000;
    expect(cache.get("a", build)).toEqual({ n: 2, at: new Date(660_005) });
  });

  test("with `limit`, keeps no more than that many: strangers' keys cannot grow it", () => {
    const cache = new Cache<{ n: number }>({ limit: 2 });
    const { build, builds } = counting();
    for (const key of ["a", "b", "c", "d"]) cache.get(key, build);
    cache.get("d", build);
    expect(builds()).toBe(4);
    cache.get("a", build);
    expect(builds()).toBe(5);
  });
});
