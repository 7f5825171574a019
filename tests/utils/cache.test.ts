/**
 * The one way the app keeps what it built: per key, again each interval, never more than
 * its limit; a promise that rejects is built again on the next request; `lazy`, its one value.
 */
import { describe, expect, test } from "bun:test";
import { Cache, lazy } from "../../lib/utils/cache.ts";

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

  test("a promise that rejects is not kept: the next request builds it again, and keeps what resolves", async () => {
    const cache = new Cache<Promise<string>>();
    let builds = 0;
    const build = () =>
      ++builds === 1 ? Promise.reject(new Error("the file was not there")) : Promise.resolve("read");
    const first = cache.get("a", build);
    // Until it has rejected, every request waits on the same promise.
    expect(cache.get("a", build)).toBe(first);
    await expect(first).rejects.toThrow("the file was not there");
    expect(await cache.get("a", build)).toBe("read");
    expect(await cache.get("a", build)).toBe("read");
    expect(builds).toBe(2);
  });
});

describe("lazy", () => {
  test("builds on the first use, then answers the same value", () => {
    let builds = 0;
    const value = lazy(() => ({ n: ++builds }));
    expect(builds).toBe(0);
    expect(value()).toBe(value());
    expect(builds).toBe(1);
  });

  test("a load that failed is tried again on the next use", async () => {
    let loads = 0;
    const loaded = lazy(() =>
      ++loads === 1 ? Promise.reject(new Error("import failed")) : Promise.resolve(loads),
    );
    await expect(loaded()).rejects.toThrow("import failed");
    expect(await loaded()).toBe(2);
    expect(await loaded()).toBe(2);
  });
});
