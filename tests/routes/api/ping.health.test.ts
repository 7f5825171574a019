/**
 * The heartbeat in the health-check format (draft-inadarei-api-health-check), for
 * `Accept: application/health+json`: pass, warn (a source stale or failing, an engine that
 * has not accepted the release) and fail (draining), 200 for pass and warn and 503 for
 * fail; the plain JSON heartbeat keeps its shape for the monitors that read it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FEATURES } from "../../../lib/features.ts";
import { liveConfig } from "../../../lib/live/config.ts";
import { ownerFeed } from "../../../lib/live/feature.ts";
import type { LiveFeed } from "../../../lib/live/feed.ts";
import { liveMetrics } from "../../../lib/live/metrics.ts";
import { Metrics } from "../../../lib/metrics/registry.ts";
import { VERSION } from "../../../lib/runtime/version.ts";
import { releaseId } from "../../../lib/site/release.ts";
import { as, FIXED_NOW, otherOwner, SITE_URL, sample, send, testApp, testSite } from "../../support/app.ts";
import { documentedSchemaErrors } from "../../support/documented-schema.ts";
import { type FakeEngine, startEngine } from "../../support/engines.ts";
import { EVENTS, type StandInGithub, startGithub } from "../../support/github.ts";
import { API_KEY, INVALID_KEY, startLastfm } from "../../support/lastfm.ts";
import { memoryLog } from "../../support/log.ts";
import { ownerDir, ownerFiles } from "../../support/owners.ts";
import { startServer, type TestServer } from "../../support/server.ts";

const HEALTH = { "user-agent": "Better Uptime Bot", accept: "application/health+json" };

async function health(app: ReturnType<typeof testApp>, headers: Record<string, string> = HEALTH) {
  const response = await send(app, "/api/ping", headers);
  return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
}

let github: StandInGithub;
beforeAll(() => {
  github = startGithub({ kind: "events", events: [EVENTS.push("2026-11-21T13:53:02Z")] });
});
afterAll(() => github.stop());

/** A feed over the fixture owner's GitHub, on a clock the test moves. */
function readFeed(clock: () => number): LiveFeed {
  const config = liveConfig({ GITHUB_API_URL: github.url, LIVE_TIMEOUT_MS: "1000" });
  return ownerFeed(config, sample, "test", { clock, log: memoryLog(), metrics: liveMetrics(new Metrics()) });
}

describe("the plain heartbeat is unchanged", () => {
  test.each([
    ["*/*", as.pythonRequests],
    ["application/json", as.curlAskingForJson],
    ["application/health+json;q=0", { ...as.pythonRequests, accept: "application/health+json;q=0, */*" }],
  ])("for Accept %s: pong, ok, version, uptime and server time, as JSON", async (_accept, headers) => {
    const response = await send(testApp(), "/api/ping", headers);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({
      pong: true,
      status: "ok",
      version: VERSION,
      uptimeSeconds: 0,
      serverTime: FIXED_NOW.toISOString(),
    });
  });
});

describe("application/health+json", () => {
  test("pass: an owner with no live source, nothing submitted; the version, the release, the uptime", async () => {
    const app = testApp({ files: ownerFiles("anuradha") });
    expect(await health(app)).toEqual({
      status: 200,
      type: "application/health+json",
      body: {
        status: "pass",
        version: VERSION,
        releaseId: releaseId(VERSION, ownerFiles("anuradha"), SITE_URL),
        serviceId: new URL(SITE_URL).host,
        description: `${otherOwner.profile.name}'s site API`,
        checks: {
          uptime: [
            {
              componentType: "system",
              observedValue: 0,
              observedUnit: "s",
              status: "pass",
              time: FIXED_NOW.toISOString(),
            },
          ],
        },
      },
    });
  });

  test("pass: the GitHub source read just now; its age is the seconds since", async () => {
    let now = FIXED_NOW.getTime();
    const live = readFeed(() => now);
    await live.refresh();
    now += 42_000;
    const { status, body } = await health(testApp({ live, clock: () => now }));
    expect(status).toBe(200);
    expect(body.status).toBe("pass");
    expect(body.output).toBeUndefined();
    expect(body.checks["github:age"]).toEqual([
      {
        componentType: "system",
        observedValue: 42,
        observedUnit: "s",
        status: "pass",
        time: new Date(now).toISOString(),
        readAt: FIXED_NOW.toISOString(),
        lastReadAt: FIXED_NOW.toISOString(),
        lastOutcome: "updated",
      },
    ]);
  });

  test("warn, still 200: the source not read yet", async () => {
    const { status, body } = await health(testApp());
    expect(status).toBe(200);
    expect(body.status).toBe("warn");
    expect(body.output).toBe("github:age: not read yet");
    expect(body.checks["github:age"][0]).toMatchObject({ status: "warn", observedValue: null });
  });

  test("warn, still 200: the source last read two hours ago", async () => {
    let now = FIXED_NOW.getTime();
    const live = readFeed(() => now);
    await live.refresh();
    now += 2 * 3600_000;
    const { status, body } = await health(testApp({ live, clock: () => now }));
    expect(status).toBe(200);
    expect(body.status).toBe("warn");
    expect(body.checks["github:age"][0]).toMatchObject({ status: "warn", observedValue: 7200 });
    expect(body.output).toBe(`github:age: no read since ${FIXED_NOW.toISOString()}`);
  });

  test("warn, still 200: the source failing, with its error", async () => {
    let now = FIXED_NOW.getTime();
    const live = readFeed(() => now);
    await live.refresh();
    github.answer({ kind: "status", status: 502 });
    now += 300_000;
    await live.refresh();
    github.answer({ kind: "events", events: [EVENTS.push("2026-11-21T13:53:02Z")] });
    const { body } = await health(testApp({ live, clock: () => now }));
    expect(body.checks["github:age"][0]).toMatchObject({
      status: "warn",
      observedValue: 300,
      lastOutcome: "http_error",
      output: `the latest read, ${new Date(now).toISOString()}: answered 502`,
    });
  });

  test("warn, still 200: Last.fm refusing the key, in Last.fm's own words", async () => {
    const lastfm = startLastfm(INVALID_KEY);
    try {
      const config = liveConfig({
        LASTFM_API_URL: lastfm.url,
        LASTFM_API_KEY: API_KEY,
        LASTFM_USER: "rin-listens",
        GITHUB_LOGIN: "off",
        LIVE_TIMEOUT_MS: "1000",
      });
      const live = ownerFeed(config, sample, "test", {
        clock: () => FIXED_NOW.getTime(),
        log: memoryLog(),
        metrics: liveMetrics(new Metrics()),
      });
      await live.refresh();
      const { status, body } = await health(testApp({ live }));
      expect({ status, health: body.status }).toEqual({ status: 200, health: "warn" });
      expect(body.output).toBe(
        `lastfm:age: the latest read, ${FIXED_NOW.toISOString()}: answered 403: Last.fm error 10: Invalid API key - You must be granted a valid key by last.fm`,
      );
      expect(body.checks["lastfm:age"][0]).toMatchObject({
        status: "warn",
        observedValue: null,
        lastOutcome: "http_error",
      });
    } finally {
      lastfm.stop();
    }
  });

  test("fail, 503: the server is draining", async () => {
    const { app, lifecycle } = testSite({ files: ownerFiles("anuradha") });
    lifecycle.drain();
    const { status, body } = await health(app);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "fail", output: "draining: the server is shutting down" });
  });

  test("pretty for a terminal that asks for it; HEAD has the headers and no body; never cached", async () => {
    const app = testApp({ files: ownerFiles("anuradha") });
    const pretty = await send(app, "/api/ping", { ...as.curl, accept: "application/health+json" });
    expect(await pretty.text()).toStartWith('{\n  "status": "pass"');
    const head = await send(app, "/api/ping", HEALTH, { method: "HEAD" });
    expect([head.status, head.headers.get("content-type"), await head.text()]).toEqual([
      200,
      "application/health+json",
      "",
    ]);
    expect(head.headers.get("cache-control")).toBe("no-store");
    expect(head.headers.get("vary")).toBe("Accept, User-Agent");
  });
});

test("pass, warn and fail each keep to the schema the document publishes, which Ajv judges (and refuses a broken one)", async () => {
  const draining = testSite();
  const apps = {
    pass: testApp({ files: ownerFiles("anuradha") }),
    warn: testApp(),
    fail: draining.app,
  };
  draining.lifecycle.drain();
  const document = await (await send(apps.pass, "/api/docs/json", as.pythonRequests)).json();
  for (const [expected, app] of Object.entries(apps)) {
    const { status, body } = await health(app);
    const errors = documentedSchemaErrors(
      document,
      ["get", "/api/ping", String(status), "application/health+json"],
      body,
    );
    expect({ expected, status: body.status, errors }).toEqual({ expected, status: expected, errors: [] });
  }
  const broken = { status: "fine", version: VERSION, checks: { uptime: [{ status: "pass" }] } };
  expect(
    documentedSchemaErrors(document, ["get", "/api/ping", "200", "application/health+json"], broken).length,
  ).toBeGreaterThan(0);
});

describe("the last IndexNow submission, per engine", () => {
  let accepting: FakeEngine;
  let refusing: FakeEngine;
  let server: TestServer;
  beforeAll(async () => {
    accepting = startEngine({ status: 202 });
    refusing = startEngine({ status: 403 });
    server = await startServer({
      INDEXNOW_KEY: "5f2b9c0e-4d7a-41c8",
      INDEXNOW_ENDPOINTS: `${accepting.url},${refusing.url}`,
      INDEXNOW_COOLDOWN_SECONDS: "0",
      CONTENT_DIR: ownerDir("anuradha"),
    });
  });
  afterAll(async () => {
    await server.stop();
    accepting.stop();
    refusing.stop();
  });

  const healthOf = async () => (await fetch(`${server.url}/api/ping`, { headers: HEALTH })).json();

  test("none before the release is submitted; then each engine's answer, a refusal a warn", async () => {
    expect((await healthOf()).checks["indexnow:submission"]).toBeUndefined();
    await fetch(`${server.url}/api/ping-indexnow`, { method: "POST" });
    const body = await healthOf();
    const release = releaseId(VERSION, ownerFiles("anuradha"), SITE_URL);
    expect(body.checks["indexnow:submission"]).toEqual([
      {
        componentId: new URL(accepting.url).host,
        componentType: "system",
        observedValue: "accepted",
        status: "pass",
        time: FIXED_NOW.toISOString(),
        httpStatus: 202,
        release,
      },
      {
        componentId: new URL(refusing.url).host,
        componentType: "system",
        observedValue: "rejected",
        status: "warn",
        time: FIXED_NOW.toISOString(),
        output: "Forbidden: the key is not valid (key file not found, or its body does not match)",
        httpStatus: 403,
        release,
      },
    ]);
    expect(body.status).toBe("warn");
    expect(body.releaseId).toBe(release);
  });
});

test("the document says what each feature's checks are keyed by, after the uptime", async () => {
  const document = await (await send(testApp(), "/api/docs/json", as.pythonRequests)).json();
  const checks =
    document.paths["/api/ping"].get.responses["200"].content["application/health+json"].schema.properties
      .checks;
  const keys = FEATURES.flatMap(({ health }) => (health ? [health.keys] : []));
  expect(keys.length).toBeGreaterThan(0);
  expect(checks.description).toBe(["`uptime`", ...keys].join("; "));
});
