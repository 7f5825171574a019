import { describe, expect, test } from "bun:test";
import { RateLimit } from "../../lib/utils/rate-limit.ts";

const MINUTE = 60_000;
const start = 10 * MINUTE;

describe("RateLimit", () => {
  test("a client has so many calls a window; the next is refused until the window ends", () => {
    const rate = new RateLimit({ perClient: 2, max: 100 });
    expect(rate.take("a", start)).toBeUndefined();
    expect(rate.take("a", start + 1000)).toBeUndefined();
    expect(rate.take("a", start + 15_000)).toEqual({ limit: "per_client", retryAfterSeconds: 45 });
    expect(rate.take("b", start + 15_000)).toBeUndefined();
    expect(rate.take("a", start + MINUTE)).toBeUndefined();
  });

  test("all clients together have so many; then everyone is refused, by the total", () => {
    const rate = new RateLimit({ perClient: 5, max: 2 });
    expect(rate.take("a", start)).toBeUndefined();
    expect(rate.take("b", start)).toBeUndefined();
    expect(rate.take("c", start + 59_500)).toEqual({ limit: "max", retryAfterSeconds: 1 });
  });

  test("a refused call counts nothing, and only this window's clients are kept", () => {
    const rate = new RateLimit({ perClient: 1, max: 3 });
    rate.take("a", start);
    for (let i = 0; i < 10; i++) rate.take("a", start);
    expect(rate.take("b", start)).toBeUndefined();
    for (let i = 0; i < 1000; i++) rate.take(`stranger-${i}`, start + 1);
    expect(rate.clients).toBe(3);
    rate.take("d", start + MINUTE);
    expect(rate.clients).toBe(1);
  });
});
