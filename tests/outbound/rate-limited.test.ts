import { describe, expect, test } from "bun:test";
import { rateLimited } from "../../lib/outbound/rate-limited.ts";

const NOW = Date.parse("2026-11-29T12:00:00Z");
const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers });

describe("an answer is rate-limited when the service says so", () => {
  test("a 429, with or without a time", () => {
    expect(rateLimited(answer(429), NOW)).toEqual({ until: undefined, retryAfterSeconds: undefined });
    expect(rateLimited(answer(429, { "retry-after": "120" }), NOW)).toEqual({
      until: NOW + 120_000,
      retryAfterSeconds: 120,
    });
  });

  test("a 403 or 503 only when it says when to come back: Retry-After, or GitHub's spent limit", () => {
    expect(rateLimited(answer(403), NOW)).toBeUndefined();
    expect(rateLimited(answer(503), NOW)).toBeUndefined();
    expect(rateLimited(answer(503, { "retry-after": "30" }), NOW)?.until).toBe(NOW + 30_000);
    const reset = NOW / 1000 + 1800;
    expect(
      rateLimited(answer(403, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) }), NOW)
        ?.until,
    ).toBe(reset * 1000 + 1000);
  });

  test("never an answer that is not limited, whatever reset time it carries", () => {
    const far = String(NOW / 1000 + 86_400);
    for (const status of [200, 304, 404, 500]) {
      expect(
        rateLimited(answer(status, { "ratelimit-reset": far, "x-ratelimit-reset": far }), NOW),
      ).toBeUndefined();
    }
  });
});

describe("until when: the latest time it asks", () => {
  test("Bluesky's ratelimit-reset in Unix seconds, a second more; Mastodon's x-ratelimit-reset as a date", () => {
    const reset = NOW / 1000 + 300;
    expect(rateLimited(answer(429, { "ratelimit-reset": String(reset) }), NOW)?.until).toBe(
      reset * 1000 + 1000,
    );
    expect(rateLimited(answer(429, { "x-ratelimit-reset": "2026-11-29T12:30:00.000Z" }), NOW)?.until).toBe(
      Date.parse("2026-11-29T12:30:00Z"),
    );
  });

  test("Retry-After as an HTTP date; the later of two times", () => {
    const date = "Sun, 29 Nov 2026 12:10:00 GMT";
    expect(rateLimited(answer(429, { "retry-after": date }), NOW)).toEqual({
      until: Date.parse(date),
      retryAfterSeconds: undefined,
    });
    expect(
      rateLimited(answer(429, { "retry-after": "60", "x-ratelimit-reset": "2026-11-29T12:30:00.000Z" }), NOW)
        ?.until,
    ).toBe(Date.parse("2026-11-29T12:30:00Z"));
  });

  test("a time that is no time is left out", () => {
    expect(
      rateLimited(answer(429, { "retry-after": "soon", "x-ratelimit-reset": "later" }), NOW)?.until,
    ).toBe(undefined);
  });
});
