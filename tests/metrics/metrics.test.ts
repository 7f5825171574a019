/**
 * The metrics, scraped as Fly's Prometheus scrapes them: from the server `start` runs, on
 * its own port beside the public one. promtool judges the exposition; the counts follow
 * the traffic sent, one per answer, under the route's pattern and never the raw path.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { VERSION } from "../../lib/runtime/version.ts";
import { defineRoute, type RouteModule } from "../../lib/site/site.ts";
import { STREAM_ENDINGS } from "../../lib/streams/stream-kinds.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { freePort } from "../../scripts/loopback.ts";
import { afterResponses, as, GET_PATHS, STREAM_PATHS } from "../support/app.ts";
import { firstChunks } from "../support/body.ts";
import { matching, type Sample, samplesOf, total } from "../support/exposition.ts";
import { promtoolCheckMetrics } from "../support/promtool.ts";
import { rawRequest, startServer, type TestServer } from "../support/server.ts";

const REQUESTS = "site_http_requests_total";
const DURATIONS = "site_http_request_duration_seconds";

/** A test-only route whose handler throws: its 500 is counted under its pattern too. */
const broken: RouteModule = {
  GET: defineRoute({
    detail: { summary: "Test", description: "Test only.", tags: ["test"], responses: () => ({}) },
    setup: () => () => {
      throw new Error("planted");
    },
  }),
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, { routes: [...routes, ["/test/broken", broken]] });
});
afterAll(() => server.stop());

async function scrape(target: TestServer = server): Promise<{ text: string; samples: Sample[] }> {
  const response = await fetch(`${target.metricsUrl}/metrics`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, samples: samplesOf(text) };
}

async function get(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  await response.arrayBuffer();
  return response.status;
}

/** Every kind of answer the app gives: each route for each client kind, errors, HEAD, preflights. */
async function trafficOfEveryKind() {
  for (const path of GET_PATHS) {
    for (const client of [as.curl, as.browser, as.pythonRequests]) await get(path, client);
  }
  await get("/api/ping", as.curl, { method: "HEAD" });
  await get("/no/such/page", as.curl);
  await get("/api/ping", as.curl, { method: "DELETE" });
  await get(
    "/api/ping",
    { origin: "https://elsewhere.example", "access-control-request-method": "GET" },
    {
      method: "OPTIONS",
    },
  );
  await get("/api/ping-indexnow", as.curl, { method: "POST", body: "x".repeat(4096) });
  await get("/test/broken", as.pythonRequests);
  for (const path of STREAM_PATHS)
    await firstChunks(await fetch(`${server.url}${path}`, { headers: as.curl }), 1);
}

test("GET /metrics is Prometheus' text format, which promtool parses and lints clean after traffic of every kind", async () => {
  await trafficOfEveryKind();
  const response = await fetch(`${server.metricsUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  const text = await response.text();
  expect(promtoolCheckMetrics(text)).toEqual({ exitCode: 0, problems: "" });
  const names = new Set(samplesOf(text).map((sample) => sample.name));
  for (const name of [
    REQUESTS,
    `${DURATIONS}_bucket`,
    `${DURATIONS}_sum`,
    `${DURATIONS}_count`,
    "site_indexnow_submissions_total",
    "site_open_streams",
    "site_streams_ended_total",
    // The fixture owner links GitHub; here it is a port where nothing listens.
    "site_live_reads_total",
    "process_resident_memory_bytes",
    "process_start_time_seconds",
    "process_open_fds",
    "process_max_fds",
    "site_build_info",
  ]) {
    expect(names).toContain(name);
  }
});

test("streams open and ended, by kind and how: one open while a client reads, none once it left", async () => {
  for (const path of STREAM_PATHS) {
    const reader = (await fetch(`${server.url}${path}`, { headers: as.curl })).body?.getReader();
    await reader?.read();
    const before = total((await scrape()).samples, "site_streams_ended_total", { ending: "left" });
    expect({ path, open: total((await scrape()).samples, "site_open_streams") }).toEqual({ path, open: 1 });
    await reader?.cancel();
    await Bun.sleep(200);
    const { samples } = await scrape();
    expect({ path, open: total(samples, "site_open_streams") }).toEqual({ path, open: 0 });
    expect(total(samples, "site_streams_ended_total", { ending: "left" })).toBe(before + 1);
  }
  // Every kind (one a streaming route) and ending is a series from the start, at 0 until it happens.
  expect(matching((await scrape()).samples, "site_streams_ended_total", {})).toHaveLength(
    STREAM_PATHS.length * STREAM_ENDINGS.length,
  );
});

test("the live source's reads, by outcome: the first, refused, is there from the start", async () => {
  for (let tries = 0; tries < 100; tries++) {
    if (total((await scrape()).samples, "site_live_reads_total", { outcome: "unreachable" }) > 0) break;
    await Bun.sleep(10);
  }
  const { samples } = await scrape();
  expect(total(samples, "site_live_reads_total", { source: "github", outcome: "unreachable" })).toBe(1);
  expect(matching(samples, "site_live_reads_total", { source: "github" })).toHaveLength(7);
});

test("N requests to a route raise its counter by N, under the route's pattern, method, status and client kind", async () => {
  const before = (await scrape()).samples;
  for (let i = 0; i < 7; i++) await get(`/api/ping?utm=${i}`, as.curl);
  for (let i = 0; i < 3; i++) await get("/api/ping", as.browser);
  const after = (await scrape()).samples;
  const rise = (labels: Record<string, string>) =>
    total(after, REQUESTS, labels) - total(before, REQUESTS, labels);

  expect(rise({ route: "/api/ping", method: "GET", status: "200", client: "terminal" })).toBe(7);
  expect(rise({ route: "/api/ping", method: "GET", status: "200", client: "browser" })).toBe(3);
  expect(rise({ route: "/api/ping", client: "program" })).toBe(0);
  expect(rise({})).toBe(10);
  expect(total(after, `${DURATIONS}_count`, { route: "/api/ping" })).toBe(
    total(after, REQUESTS, { route: "/api/ping" }),
  );
});

test('paths no route matched count under route="unmatched", never under the path asked for', async () => {
  const before = (await scrape()).samples;
  const strangers = ["/wp-admin.php", "/.env", `/random/${crypto.randomUUID()}`];
  for (const path of strangers) expect(await get(path, as.pythonRequests)).toBe(404);
  expect(await get("/api/ping", as.pythonRequests, { method: "DELETE" })).toBe(405);
  const { samples: after, text } = await scrape();
  const rise = (labels: Record<string, string>) =>
    total(after, REQUESTS, labels) - total(before, REQUESTS, labels);

  expect(rise({ route: "unmatched", method: "GET", status: "404", client: "program" })).toBe(3);
  expect(rise({ route: "unmatched", method: "DELETE", status: "405", client: "program" })).toBe(1);
  for (const path of strangers) expect(text).not.toContain(path);
});

test('a method outside the usual ones is labelled "other": a stranger cannot add label values', async () => {
  const before = (await scrape()).samples;
  const answer = await rawRequest(
    server.port,
    "PROPFIND /api/ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
  );
  expect(answer.status).toBe(405);
  const { samples: after, text } = await scrape();
  expect(total(after, REQUESTS, { method: "other" }) - total(before, REQUESTS, { method: "other" })).toBe(1);
  expect(text).not.toContain("PROPFIND");
});

test("the histogram counts each answer once: per route, its count equals the requests, and its buckets add up", async () => {
  await trafficOfEveryKind();
  const { samples } = await scrape();
  const routesSeen = new Set(matching(samples, REQUESTS).map((sample) => sample.labels.route as string));
  expect(routesSeen).toContain("unmatched");
  expect(routesSeen).toContain("/test/broken");
  for (const route of routesSeen) {
    const count = total(samples, `${DURATIONS}_count`, { route });
    expect({ route, count }).toEqual({ route, count: total(samples, REQUESTS, { route }) });
    const buckets = matching(samples, `${DURATIONS}_bucket`, { route }).map((sample) => sample.value);
    expect(buckets.at(-1)).toBe(count);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
  }
});

test("every answer is counted once, as it is logged once: the counter's total equals the access-log lines", async () => {
  await afterResponses();
  server.log.flush();
  const { samples } = await scrape();
  const accessLines = server.stdout.filter((line) => line.includes('"requestId"')).length;
  expect(total(samples, REQUESTS)).toBe(accessLines);
  expect(total(samples, REQUESTS, { route: "/test/broken", status: "500" })).toBeGreaterThan(0);
  expect(total(samples, REQUESTS, { route: "/api/ping-indexnow", status: "413" })).toBeGreaterThan(0);
});

test("the public port does not serve /metrics: it is a 404 there, in the error envelope", async () => {
  const response = await fetch(`${server.url}/metrics`, { headers: as.pythonRequests });
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({
    error: { status: 404, code: "not_found", message: "No route for GET /metrics" },
  });
});

describe("the metrics port", () => {
  test("answers GET and HEAD /metrics only: another path is a 404, another method a 405, in the envelope", async () => {
    const elsewhere = await fetch(`${server.metricsUrl}/api/ping`);
    expect(elsewhere.status).toBe(404);
    expect((await elsewhere.json()).error).toMatchObject({ status: 404, code: "not_found" });
    const posted = await fetch(`${server.metricsUrl}/metrics`, { method: "POST" });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET, HEAD");
    expect((await posted.json()).error).toMatchObject({ status: 405, code: "method_not_allowed" });
    const head = await fetch(`${server.metricsUrl}/metrics`, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
  });

  test("a scrape is neither counted nor logged", async () => {
    await afterResponses();
    server.log.flush();
    const lines = server.stdout.length;
    const first = total((await scrape()).samples, REQUESTS);
    await scrape();
    await scrape();
    expect(total((await scrape()).samples, REQUESTS)).toBe(first);
    server.log.flush();
    expect(server.stdout.length).toBe(lines);
  });

  test("says which build runs where, and the process's memory, start time and file descriptors", async () => {
    const { samples } = await scrape();
    const [build] = matching(samples, "site_build_info");
    expect(build?.labels).toEqual({ version: VERSION, runtime: `bun ${Bun.version}` });
    expect(build?.value).toBe(1);
    const rss = total(samples, "process_resident_memory_bytes");
    expect(rss).toBeGreaterThan(10 * 2 ** 20);
    const startedAt = total(samples, "process_start_time_seconds");
    expect(startedAt).toBeLessThanOrEqual(Date.now() / 1000);
    expect(startedAt).toBeGreaterThan(Date.now() / 1000 - 3600);
    // The runtime raises its soft limit to the hard one; this process's is the server's.
    const limit = /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
    expect(total(samples, "process_max_fds")).toBe(Number(limit));
    expect(total(samples, "process_open_fds")).toBeWithin(5, Number(limit));
  });

  test("the listening line names it, beside the public address", () => {
    const listening = JSON.parse(server.stdout[0] as string);
    expect(listening).toMatchObject({
      event: "listening",
      address: server.url,
      metrics: `${server.metricsUrl}/metrics`,
    });
  });

  test('METRICS_PORT=off serves no metrics, and the listening line says "off"', async () => {
    const quiet = await startServer({ METRICS_PORT: "off" });
    try {
      expect(quiet.metricsUrl).toBeUndefined();
      expect(JSON.parse(quiet.stdout[0] as string)).toMatchObject({ event: "listening", metrics: "off" });
      expect(await fetch(`${quiet.url}/api/ping`).then((r) => r.status)).toBe(200);
    } finally {
      await quiet.stop();
    }
  });

  test("a busy METRICS_PORT stops start-up, and leaves the public port closed", async () => {
    const port = freePort();
    await expect(
      startServer({ PORT: String(port), METRICS_PORT: new URL(server.metricsUrl as string).port }),
    ).rejects.toThrow();
    expect(
      await fetch(`http://127.0.0.1:${port}/api/ping`).then(
        () => "open",
        () => "closed",
      ),
    ).toBe("closed");
  });

  test("stopping the server closes it too", async () => {
    const other = await startServer();
    expect((await fetch(`${other.metricsUrl}/metrics`)).status).toBe(200);
    await other.stop();
    expect(
      await fetch(`${other.metricsUrl}/metrics`).then(
        () => "open",
        () => "closed",
      ),
    ).toBe("closed");
  });
});

test("docs/metrics.md has a row for every metric the server exposes, with its labels", async () => {
  const { text } = await scrape();
  const documented = await Bun.file(`${import.meta.dir}/../../docs/metrics.md`).text();
  const families = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({ name, type }));
  expect(families.length).toBeGreaterThan(0);
  for (const { name, type } of families) {
    const row = documented.split("\n").find((line) => line.startsWith(`| \`${name}\``));
    expect({ name, row: row !== undefined }).toEqual({ name, row: true });
    expect({ name, type: row?.split("|")[2]?.trim() }).toEqual({ name, type });
    const labels = new Set(
      samplesOf(text)
        .filter((sample) => sample.name.replace(/_(bucket|sum|count)$/, "") === name || sample.name === name)
        .flatMap((sample) => Object.keys(sample.labels).filter((label) => label !== "le")),
    );
    for (const label of labels)
      expect({ name, label, documented: row?.includes(`\`${label}\``) }).toEqual({
        name,
        label,
        documented: true,
      });
  }
});
