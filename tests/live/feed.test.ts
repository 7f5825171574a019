/**
 * The live feed against a stand-in GitHub on loopback (a real server, never a mocked
 * `fetch`): one test per way a read can end, what each leaves the answers showing, the
 * headers GitHub asks for, the conditional request, a rate limit's reset waited out, and
 * the reads counted by outcome in an exposition promtool judges. The clock is the test's.
 */
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { liveConfig } from "../../lib/live/config.ts";
import { ownerFeed } from "../../lib/live/feature.ts";
import type { LiveFeed } from "../../lib/live/feed.ts";
import { GITHUB_API_VERSION } from "../../lib/live/github.ts";
import { liveMetrics } from "../../lib/live/metrics.ts";
import { exposition } from "../../lib/metrics/exposition.ts";
import { Metrics } from "../../lib/metrics/registry.ts";
import { MAX_BODY_BYTES } from "../../lib/outbound/bounded-fetch.ts";
import { freePort } from "../../scripts/loopback.ts";
import { FIXED_NOW, sample } from "../support/app.ts";
import { samplesOf, total } from "../support/exposition.ts";
import { EVENTS, etagOf, REPO, startGithub } from "../support/github.ts";
import { type MemoryLog, memoryLog } from "../support/log.ts";
import { promtoolCheckMetrics } from "../support/promtool.ts";
import { until } from "../support/until.ts";

const github = startGithub();
afterAll(() => github.stop());
beforeEach(() => {
  github.requests.length = 0;
});

const USER_AGENT = "site-api/test (+https://rin.example)";

interface Harness {
  readonly feed: LiveFeed;
  readonly metrics: Metrics;
  readonly log: MemoryLog;
  /** Moves the test's clock on. */
  advance(ms: number): void;
  now(): number;
}

/** A feed over the fixture owner's GitHub link, reading the stand-in, on the test's clock. */
function harness(env: Record<string, string> = {}): Harness {
  const config = liveConfig({ GITHUB_API_URL: github.url, LIVE_TIMEOUT_MS: "300", ...env });
  let now = FIXED_NOW.getTime();
  const metrics = new Metrics();
  const log = memoryLog();
  const feed = ownerFeed(config, sample, USER_AGENT, {
    clock: () => now,
    log,
    metrics: liveMetrics(metrics),
  });
  return {
    feed,
    metrics,
    log,
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
  };
}

const reads = (metrics: Metrics, outcome: string) =>
  total(samplesOf(exposition(metrics.families)), "site_live_reads_total", { source: "github", outcome });

/** Twelve minutes before the fixed instant, and older events around it. */
const PUSHED_AT = "2026-11-21T13:53:02Z";

describe("200 with an ETag", () => {
  test("shows the latest event of a kind shown, with when it happened and when it was read", async () => {
    github.answer({
      kind: "events",
      events: [
        EVENTS.watch("2026-11-21T14:00:00Z"),
        EVENTS.push(PUSHED_AT),
        EVENTS.release("2026-11-20T09:00:00Z", "v1.2.0"),
      ],
    });
    const { feed, metrics } = harness();
    expect(feed.latest()).toEqual([]);
    await feed.refresh();
    expect(feed.latest()).toEqual([
      {
        source: "github",
        sourceName: "GitHub",
        kind: "activity",
        text: `pushed to ${REPO}`,
        url: `https://github.com/${REPO}`,
        happenedAt: new Date(PUSHED_AT),
        readAt: FIXED_NOW,
        freshUntil: new Date(FIXED_NOW.getTime() + 600_000),
      },
    ]);
    expect(reads(metrics, "updated")).toBe(1);
    expect(feed.health()).toMatchObject([{ source: "github", status: "pass", output: undefined }]);
  });

  test("asks as GitHub documents: the owner's public events, its media type and API version, a User-Agent", async () => {
    github.answer({ kind: "events", events: [] });
    await harness().feed.refresh();
    const [request] = github.requests;
    expect(request?.path).toBe("/users/rin-example/events/public");
    expect(request?.headers).toMatchObject({
      accept: "application/vnd.github+json",
      "x-github-api-version": GITHUB_API_VERSION,
      "user-agent": USER_AGENT,
    });
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers["if-none-match"]).toBeUndefined();
  });

  test("with GITHUB_TOKEN, sends it as a bearer token; GITHUB_LOGIN names whose activity", async () => {
    github.answer({ kind: "events", events: [] });
    await harness({ GITHUB_TOKEN: "ghp_standin0123456789", GITHUB_LOGIN: "ada" }).feed.refresh();
    expect(github.requests[0]?.path).toBe("/users/ada/events/public");
    expect(github.requests[0]?.headers.authorization).toBe("Bearer ghp_standin0123456789");
  });

  test("events it does not show (stars, branches, labels) leave nothing to show, and nothing wrong", async () => {
    github.answer({
      kind: "events",
      events: [
        EVENTS.watch(PUSHED_AT),
        EVENTS.createBranch(PUSHED_AT),
        EVENTS.pullRequest(PUSHED_AT, "labeled"),
      ],
    });
    const { feed } = harness();
    await feed.refresh();
    expect(feed.latest()).toEqual([]);
    expect(feed.health()[0]?.status).toBe("pass");
  });
});

test("304: sends the ETag back with If-None-Match, keeps what it showed, and counts it as confirmed", async () => {
  const events = [EVENTS.push(PUSHED_AT)];
  github.answer({ kind: "events", events });
  const { feed, metrics, advance } = harness();
  await feed.refresh();
  advance(300_000);
  await feed.refresh();
  expect(github.requests.map(({ headers }) => headers["if-none-match"])).toEqual([undefined, etagOf(events)]);
  const [shown] = feed.latest();
  expect(shown?.text).toBe(`pushed to ${REPO}`);
  expect(shown?.readAt).toEqual(new Date(FIXED_NOW.getTime() + 300_000));
  expect([reads(metrics, "updated"), reads(metrics, "not_modified")]).toEqual([1, 1]);
});

describe("a rate limit", () => {
  test("403 with the limit spent: nothing read until the reset GitHub gives, whatever the answers ask", async () => {
    github.answer({ kind: "events", events: [EVENTS.push(PUSHED_AT)] });
    const h = harness();
    await h.feed.refresh();
    const reset = Math.floor(h.now() / 1000) + 1800;
    github.answer({
      kind: "status",
      status: 403,
      headers: {
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(reset),
      },
      body: JSON.stringify({ message: "API rate limit exceeded" }),
    });
    h.advance(300_000);
    await h.feed.refresh();
    expect(reads(h.metrics, "rate_limited")).toBe(1);
    // What was read before is still shown, and the health check says why it is getting old.
    expect(h.feed.latest()[0]?.text).toBe(`pushed to ${REPO}`);
    expect(h.feed.health()[0]).toMatchObject({ status: "warn" });
    expect(h.feed.health()[0]?.output).toContain("rate limited (403) until");

    h.feed.start();
    try {
      const before = github.requests.length;
      h.advance(600_000); // past the refresh interval, before the reset
      h.feed.latest();
      await Bun.sleep(50);
      expect(github.requests.length).toBe(before);
      h.advance(reset * 1000 + 1000 - h.now()); // the reset, and the second after it
      github.answer({ kind: "events", events: [EVENTS.push(PUSHED_AT)] });
      h.feed.latest();
      await Bun.sleep(100);
      expect(github.requests.length).toBe(before + 1);
    } finally {
      h.feed.stop();
    }
  });

  test("X-Poll-Interval is heeded on a 200 whose body is not what GitHub sends, too", async () => {
    github.answer({ kind: "status", status: 200, headers: { "x-poll-interval": "900" }, body: "{not json" });
    const h = harness();
    await h.feed.refresh();
    expect(reads(h.metrics, "invalid")).toBe(1);
    h.feed.start();
    try {
      h.advance(600_000); // past the refresh interval, before the one GitHub asked for
      h.feed.health();
      await Bun.sleep(50);
      expect(github.requests).toHaveLength(1);
      h.advance(300_000);
      h.feed.health();
      expect(await until(() => github.requests.length === 2, 2000)).toBe(true);
    } finally {
      h.feed.stop();
    }
  });

  test("429 with Retry-After: waits as long as it says", async () => {
    github.answer({ kind: "status", status: 429, headers: { "retry-after": "900" } });
    const h = harness();
    await h.feed.refresh();
    expect(reads(h.metrics, "rate_limited")).toBe(1);
    h.feed.start();
    try {
      h.advance(600_000);
      h.feed.health();
      await Bun.sleep(50);
      expect(github.requests).toHaveLength(1);
      h.advance(300_000);
      h.feed.health();
      await Bun.sleep(100);
      expect(github.requests).toHaveLength(2);
    } finally {
      h.feed.stop();
    }
  });
});

describe("failures keep what was shown, and say so", () => {
  const cases = [
    ["500", { kind: "status", status: 500 }, "http_error", "answered 500"],
    ["404 for a login GitHub does not know", { kind: "status", status: 404 }, "http_error", "answered 404"],
    ["a body that is not JSON", { kind: "garbage" }, "invalid", "a body that is not JSON"],
    ["JSON that is not a list of events", { kind: "not-events" }, "invalid", "not a list of events"],
    ["no answer: the timeout", { kind: "hang" }, "timeout", "no whole answer within 300 ms"],
  ] as const;

  test.each(cases)("%s", async (_name, answer, outcome, output) => {
    github.answer({ kind: "events", events: [EVENTS.push(PUSHED_AT)] });
    const h = harness();
    await h.feed.refresh();
    github.answer(answer);
    h.advance(300_000);
    const began = performance.now();
    await h.feed.refresh();
    expect(performance.now() - began).toBeLessThan(2000);
    expect(reads(h.metrics, outcome)).toBe(1);
    expect(h.feed.latest()[0]?.text).toBe(`pushed to ${REPO}`);
    const [health] = h.feed.health();
    expect(health?.status).toBe("warn");
    expect(health?.output).toContain(output);
    expect(health?.readAt).toEqual(FIXED_NOW);
    expect(
      h.log.events.filter(({ name }) => name === "live.read").map(({ fields }) => fields.outcome),
    ).toEqual(["updated", outcome]);
  });

  test("a body that never ends is cut at its cap", async () => {
    github.answer({ kind: "endless" });
    const h = harness({ LIVE_TIMEOUT_MS: "10000" });
    await h.feed.refresh();
    expect(reads(h.metrics, "invalid")).toBe(1);
    expect(h.feed.health()[0]?.output).toContain(`a body over ${MAX_BODY_BYTES} bytes`);
  });

  test("nothing listening: unreachable, and nothing to show", async () => {
    const h = harness({ GITHUB_API_URL: `http://127.0.0.1:${freePort()}` });
    await h.feed.refresh();
    expect(reads(h.metrics, "unreachable")).toBe(1);
    expect(h.feed.latest()).toEqual([]);
    expect(h.feed.health()[0]).toMatchObject({ status: "warn", readAt: undefined });
  });
});

test("a source read long ago is stale: the health check says since when, and it reads again when asked", async () => {
  github.answer({ kind: "events", events: [EVENTS.push(PUSHED_AT)] });
  const h = harness();
  await h.feed.refresh();
  h.feed.start();
  try {
    // Two hours asleep: no timer ran. The first answer after waking starts a read, and does not wait for it.
    github.answer({ kind: "hang" });
    h.advance(2 * 3600_000);
    const before = github.requests.length;
    const latest = h.feed.latest();
    expect(latest[0]?.freshUntil.getTime()).toBeLessThan(h.now());
    expect(h.feed.health()[0]?.output).toBe(`no read since ${FIXED_NOW.toISOString()}`);
    await Bun.sleep(50);
    expect(github.requests.length).toBe(before + 1);
  } finally {
    h.feed.stop();
  }
});

test("the reads, by outcome, in an exposition promtool passes; every outcome there from the start", async () => {
  const h = harness();
  const text = () => exposition(h.metrics.families);
  expect(promtoolCheckMetrics(text())).toEqual({ exitCode: 0, problems: "" });
  for (const outcome of [
    "updated",
    "not_modified",
    "rate_limited",
    "http_error",
    "invalid",
    "timeout",
    "unreachable",
  ]) {
    expect({ outcome, count: reads(h.metrics, outcome) }).toEqual({ outcome, count: 0 });
  }
  github.answer({ kind: "events", events: [EVENTS.push(PUSHED_AT)] });
  await h.feed.refresh();
  github.answer({ kind: "status", status: 500 });
  await h.feed.refresh();
  expect(promtoolCheckMetrics(text())).toEqual({ exitCode: 0, problems: "" });
  const samples = samplesOf(text());
  expect(total(samples, "site_live_reads_total", { source: "github" })).toBe(2);
  expect(total(samples, "site_live_last_confirmed_timestamp_seconds", { source: "github" })).toBe(
    FIXED_NOW.getTime() / 1000,
  );
});
