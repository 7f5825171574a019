/**
 * IndexNow in the metrics: each submission counted once by its overall outcome, and each
 * engine's answer by engine and outcome, against stand-in engines on loopback.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type FakeEngine, startEngine } from "../support/engines.ts";
import { type Sample, samplesOf, total } from "../support/exposition.ts";
import { promtoolCheckMetrics } from "../support/promtool.ts";
import { startServer, type TestServer } from "../support/server.ts";

const SUBMISSIONS = "site_indexnow_submissions_total";
const ENGINE_RESULTS = "site_indexnow_engine_results_total";

// Answers in turn: both accept; one refuses (partial); neither accepts (failed); then both accept.
let first: FakeEngine;
let second: FakeEngine;
let server: TestServer;
beforeAll(async () => {
  first = startEngine({ status: 200 }, { status: 200 }, { status: 422 }, { status: 200 });
  second = startEngine({ status: 202 }, { status: 403 }, { status: 429 }, { status: 202 });
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

test("each submission counts once by its outcome, and each engine's answer by engine and outcome", async () => {
  expect((await trigger()).status).toBe(200);
  const { status, report } = await trigger();
  expect(status).toBe(207);
  expect((await trigger()).status).toBe(502);
  expect(report.engines.map(({ name }) => name)).toEqual([engineName(first.url), engineName(second.url)]);

  const samples = await scrape();
  expect({
    accepted: total(samples, SUBMISSIONS, { outcome: "accepted" }),
    partial: total(samples, SUBMISSIONS, { outcome: "partial" }),
    failed: total(samples, SUBMISSIONS, { outcome: "failed" }),
  }).toEqual({ accepted: 1, partial: 1, failed: 1 });
  const of = (url: string, outcome: string) =>
    total(samples, ENGINE_RESULTS, { engine: engineName(url), outcome });
  expect({
    first: { accepted: of(first.url, "accepted"), rejected: of(first.url, "rejected") },
    second: {
      accepted: of(second.url, "accepted"),
      rejected: of(second.url, "rejected"),
      rate_limited: of(second.url, "rate_limited"),
    },
  }).toEqual({ first: { accepted: 2, rejected: 1 }, second: { accepted: 1, rejected: 1, rate_limited: 1 } });
});

test("concurrent triggers that share one submission count it once", async () => {
  const before = total(await scrape(), SUBMISSIONS);
  const received = first.received.length;
  const statuses = await Promise.all([trigger(), trigger()]).then((both) => both.map((t) => t.status));
  expect(statuses).toEqual([200, 200]);
  expect(first.received.length - received).toBe(1);
  expect(total(await scrape(), SUBMISSIONS) - before).toBe(1);
});
