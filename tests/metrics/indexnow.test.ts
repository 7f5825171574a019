/**
 * IndexNow in the metrics: each submission counted once by its overall outcome, and each
 * engine's answer by engine and outcome, against stand-in engines on loopback; a trigger
 * that sends nothing counts nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type FakeEngine, startEngine } from "../support/engines.ts";
import { type Sample, samplesOf, total } from "../support/exposition.ts";
import { promtoolCheckMetrics } from "../support/promtool.ts";
import { startServer, type TestServer } from "../support/server.ts";

const SUBMISSIONS = "site_indexnow_submissions_total";
const ENGINE_RESULTS = "site_indexnow_engine_results_total";

// One engine accepts at once; the other answers 429, then 500 (twice: the one retry), then
// accepts, slowly enough for two triggers to share that last submission.
let first: FakeEngine;
let second: FakeEngine;
let server: TestServer;
beforeAll(async () => {
  first = startEngine({ status: 200 });
  second = startEngine({ status: 429 }, { status: 500 }, { status: 500 }, { status: 202, delayMs: 100 });
  server = await startServer({
    INDEXNOW_KEY: "5f2b9c0e-4d7a-41c8",
    INDEXNOW_ENDPOINTS: `${first.url},${second.url}`,
    INDEXNOW_TIMEOUT_MS: "500",
    INDEXNOW_COOLDOWN_SECONDS: "0",
  });
});
afterAll(async () => {
  await server.stop();
  first.stop();
  second.stop();
});

async function scrape(): Promise<Sample[]> {
  const text = await (await fetch(`${server.metricsUrl}/metrics`)).text();
  expect(promtoolCheckMetrics(text)).toEqual({ exitCode: 0, problems: "" });
  return samplesOf(text);
}

async function trigger(): Promise<{ status: number; report: { engines: { name: string }[] } }> {
  const response = await fetch(`${server.url}/api/ping-indexnow`, { method: "POST" });
  return { status: response.status, report: await response.json() };
}

const engineName = (url: string) => new URL(url).host;

test("before any submission, each overall outcome is there at 0, so that rates start from the first scrape", async () => {
  const samples = await scrape();
  for (const outcome of ["accepted", "partial", "failed"]) {
    expect(total(samples, SUBMISSIONS, { outcome })).toBe(0);
  }
  expect(total(samples, ENGINE_RESULTS)).toBe(0);
});

test("each submission counts once by its outcome over the engines it went to, each engine's answer by engine and outcome", async () => {
  const { status, report } = await trigger();
  expect(status).toBe(207);
  expect(report.engines.map(({ name }) => name)).toEqual([engineName(first.url), engineName(second.url)]);
  // The release again, to the engine still waiting: a submission of its own, which fails.
  expect((await trigger()).status).toBe(207);
  // And once more, shared by two triggers: counted once.
  const statuses = await Promise.all([trigger(), trigger()]).then((both) => both.map((t) => t.status));
  expect(statuses).toEqual([200, 200]);

  const samples = await scrape();
  expect({
    accepted: total(samples, SUBMISSIONS, { outcome: "accepted" }),
    partial: total(samples, SUBMISSIONS, { outcome: "partial" }),
    failed: total(samples, SUBMISSIONS, { outcome: "failed" }),
  }).toEqual({ accepted: 1, partial: 1, failed: 1 });
  const of = (url: string, outcome: string) =>
    total(samples, ENGINE_RESULTS, { engine: engineName(url), outcome });
  expect({
    first: { accepted: of(first.url, "accepted") },
    second: {
      rate_limited: of(second.url, "rate_limited"),
      error: of(second.url, "error"),
      accepted: of(second.url, "accepted"),
    },
  }).toEqual({ first: { accepted: 1 }, second: { rate_limited: 1, error: 1, accepted: 1 } });
  expect([first.received.length, second.received.length]).toEqual([1, 4]);
});

test("a trigger for a release every engine has answered sends nothing, and counts nothing", async () => {
  const before = total(await scrape(), SUBMISSIONS);
  expect((await trigger()).status).toBe(200);
  expect(total(await scrape(), SUBMISSIONS)).toBe(before);
  expect([first.received.length, second.received.length]).toEqual([1, 4]);
});
