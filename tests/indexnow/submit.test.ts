import { afterEach, describe, expect, it } from "bun:test";
import { submitToEngine } from "../../lib/indexnow/submit.ts";
import { type FakeEngine, refusedUrl, startBrokenEngine, startEngine } from "../support/engines.ts";

const payload = {
  host: "rin.example",
  key: "a1b2c3d4e5f6",
  keyLocation: "https://rin.example/a1b2c3d4e5f6.txt",
  urlList: ["https://rin.example/", "https://rin.example/api/docs"],
};
const options = { timeoutMs: 600, backoffMs: 20 };

let engines: FakeEngine[] = [];
function engine<T extends FakeEngine>(started: T): T {
  engines.push(started);
  return started;
}
afterEach(() => {
  for (const e of engines) e.stop();
  engines = [];
});

describe("submitToEngine", () => {
  it("POSTs the protocol's JSON body with the protocol's content type", async () => {
    const bing = engine(startEngine({ status: 200 }));
    await submitToEngine(bing.url, payload, options);
    expect(bing.received).toHaveLength(1);
    expect(bing.received[0]?.method).toBe("POST");
    expect(bing.received[0]?.contentType).toBe("application/json; charset=utf-8");
    expect(JSON.parse(bing.received[0]?.body ?? "")).toEqual(payload);
  });

  it.each([
    [200, "accepted", "OK"],
    [202, "accepted", "key later"],
    [400, "rejected", "malformed"],
    [403, "rejected", "key is not valid"],
    [422, "rejected", "URLs not on the host"],
  ] as const)(
    "reports %i as %s with the protocol's meaning, without retrying",
    async (status, outcome, words) => {
      const e = engine(startEngine({ status }));
      const report = await submitToEngine(e.url, payload, options);
      expect(report).toMatchObject({ status, outcome, attempts: 1, endpoint: e.url });
      expect(report.explanation).toContain(words);
      expect(e.received).toHaveLength(1);
    },
  );

  it("reports 429 as rate_limited with the engine's Retry-After, and does not retry", async () => {
    const e = engine(startEngine({ status: 429, headers: { "retry-after": "120" } }));
    const report = await submitToEngine(e.url, payload, options);
    expect(report).toMatchObject({ status: 429, outcome: "rate_limited", retryAfter: "120", attempts: 1 });
    expect(e.received).toHaveLength(1);
  });

  it("retries once after a 500 and reports the retry's success", async () => {
    const e = engine(startEngine({ status: 500 }, { status: 202 }));
    const report = await submitToEngine(e.url, payload, options);
    expect(report).toMatchObject({ status: 202, outcome: "accepted", attempts: 2 });
    expect(e.received).toHaveLength(2);
    expect(e.received[1]?.body).toBe(e.received[0]?.body ?? "missing");
  });

  it("gives up after two 5xx and reports an error", async () => {
    const e = engine(startEngine({ status: 503 }));
    const report = await submitToEngine(e.url, payload, options);
    expect(report).toMatchObject({ status: 503, outcome: "error", attempts: 2 });
    expect(e.received).toHaveLength(2);
  });

  it("cuts a slow engine off at the timeout", async () => {
    const e = engine(startEngine({ status: 200, delayMs: 3000 }));
    const started = performance.now();
    const report = await submitToEngine(e.url, payload, options);
    const took = performance.now() - started;
    expect(report).toMatchObject({ status: null, outcome: "timeout", attempts: 1 });
    expect(report.explanation).toContain("600 ms");
    expect(took).toBeGreaterThanOrEqual(590);
    expect(took).toBeLessThan(1000);
  });

  it("keeps the retry inside the same bound when the retry is slow", async () => {
    const e = engine(startEngine({ status: 500 }, { status: 200, delayMs: 3000 }));
    const started = performance.now();
    const report = await submitToEngine(e.url, payload, options);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(report).toMatchObject({ outcome: "timeout", attempts: 2 });
    expect(report.explanation).toContain("first attempt got 500");
  });

  it("reports a refused connection as an error after one retry", async () => {
    const report = await submitToEngine(refusedUrl(), payload, options);
    expect(report).toMatchObject({ status: null, outcome: "error", attempts: 2 });
    expect(report.explanation).toMatch(/Could not reach the engine on 2 attempts: .+/);
  });

  it.each(["garbage", "reset"] as const)("reports an engine that answers %s as an error", async (kind) => {
    const broken = engine(startBrokenEngine(kind));
    const started = performance.now();
    const report = await submitToEngine(broken.url, payload, options);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(report).toMatchObject({ status: null, outcome: "error", attempts: 2 });
    expect(broken.connections()).toBe(2);
  });
});
