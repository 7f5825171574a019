/**
 * The server as a process: the start-up line, one access-log line per request, the log's
 * format when LOG_FORMAT leaves it open, the metrics on their own port, and a graceful
 * shutdown on SIGTERM or SIGINT that lets slow requests in flight finish before exiting
 * 0, or exits 1 after the grace.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SHUTDOWN_GRACE_MS } from "../../lib/app/start.ts";
import { VERSION } from "../../lib/runtime/version.ts";
import { freePort, type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { routesWithSlow } from "../fixtures/slow-route.ts";
import { testApp } from "../support/app.ts";
import { runOn } from "../support/entry-points.ts";
import { matching, samplesOf, total } from "../support/exposition.ts";
import { promtoolCheckMetrics } from "../support/promtool.ts";
import { runCommand } from "../support/run.ts";

const root = join(import.meta.dir, "..", "..");

/** Every server this file starts; any still running when it ends is stopped. */
const started: ServerProcess[] = [];
afterAll(() => Promise.all(started.map((server) => server.stop(0))));

/** Each runtime's entry point with the test-only slow route (tests/fixtures/). */
const SLOW_SERVERS = {
  bun: runOn("bun", "tests/fixtures/slow-server.ts"),
  deno: runOn("deno", "tests/fixtures/slow-server.deno.ts"),
} as const;

/** Starts an entry point with a test-only slow route, logging JSON, its output kept. */
async function startSlowServer(runtime: keyof typeof SLOW_SERVERS = "bun") {
  const server = await startServerProcess(SLOW_SERVERS[runtime], { cwd: root, output: "keep" });
  started.push(server);
  return server;
}

// `bun run test` installs Deno when it is missing (scripts/install-test-tools.sh).
const runtimes = ["bun", "deno"] as const;

/**
 * Sends `signal` to the server's process group (as a terminal's Ctrl-C or Fly's stop
 * would), SIGKILL after `graceMs`; resolves with its exit code.
 */
function signalled(server: ServerProcess, signal: "SIGTERM" | "SIGINT", graceMs: number) {
  const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
  process.kill(-(server.child.pid as number), signal);
  const timer = setTimeout(() => process.kill(-(server.child.pid as number), "SIGKILL"), graceMs);
  return exited.finally(() => clearTimeout(timer));
}

const DRAINS = runtimes.flatMap((runtime) =>
  (["SIGTERM", "SIGINT"] as const).map((signal) => [runtime, signal] as const),
);

test.each(DRAINS)(
  "on %s, %s lets slow requests in flight finish, refuses new ones, exits 0",
  async (runtime, signal) => {
    const server = await startSlowServer(runtime);
    const inFlight = [800, 1200, 1500].map((ms) =>
      fetch(`${server.url}/test/slow?ms=${ms}`).then(async (r) => [r.status, await r.text()] as const),
    );
    await Bun.sleep(200);
    const sent = performance.now();
    const exited = signalled(server, signal, SHUTDOWN_GRACE_MS + 2000);
    await Bun.sleep(100);
    const refused = await fetch(`${server.url}/api/ping`).then(
      () => false,
      () => true,
    );

    expect(await Promise.all(inFlight)).toEqual([
      [200, "slept 800 ms\n"],
      [200, "slept 1200 ms\n"],
      [200, "slept 1500 ms\n"],
    ]);
    expect(await exited).toBe(0);
    expect(server.child.signalCode).toBeNull();
    expect(refused).toBe(true);
    expect(performance.now() - sent).toBeLessThan(SHUTDOWN_GRACE_MS);
    const events = server
      .output()
      .stdout.trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .filter((entry) => "event" in entry);
    // The fixture owner links GitHub, here a port where nothing listens: its read is logged too.
    const lifecycle = events.filter(({ event }) => event !== "listening" && event !== "live.read");
    expect(lifecycle).toEqual([
      { time: expect.any(String), event: "draining", signal },
      { time: expect.any(String), event: "stopped", signal },
    ]);
  },
);

test(
  "a request still running SHUTDOWN_GRACE_MS after SIGTERM: the server exits 1 anyway, and says why",
  async () => {
    const server = await startSlowServer();
    // The slow route sleeps at most 10 s: this request outlives the grace by 2 s.
    const outliving = fetch(`${server.url}/test/slow?ms=${SHUTDOWN_GRACE_MS + 2000}`).then(
      (r) => r.status,
      () => "cut off",
    );
    await Bun.sleep(200);
    const sent = performance.now();
    const code = await signalled(server, "SIGTERM", SHUTDOWN_GRACE_MS + 4000);
    const waited = performance.now() - sent;

    expect(code).toBe(1);
    expect(waited).toBeGreaterThanOrEqual(SHUTDOWN_GRACE_MS - 50);
    expect(waited).toBeLessThan(SHUTDOWN_GRACE_MS + 1800);
    expect(await outliving).toBe("cut off");
    expect(server.output().stderr.trim()).toBe(
      `Requests still running ${SHUTDOWN_GRACE_MS} ms after SIGTERM: exiting anyway`,
    );
  },
  SHUTDOWN_GRACE_MS + 10_000,
);

test.each(runtimes)(
  "on %s, GET /metrics is served on a port of its own beside the app, never on the public one, and closes with it",
  async (runtime) => {
    const server = await startSlowServer(runtime);
    const curl = { "user-agent": "curl/8.5.0" };
    for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/`, { headers: curl })).arrayBuffer();
    const onPublicPort = await fetch(`${server.url}/metrics`);
    expect([onPublicPort.status, (await onPublicPort.json()).error.code]).toEqual([404, "not_found"]);

    const scrape = await fetch(`${server.metricsUrl}/metrics`);
    expect(scrape.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await scrape.text();
    expect(promtoolCheckMetrics(text)).toEqual({ exitCode: 0, problems: "" });
    const samples = samplesOf(text);
    const root = { route: "/", method: "GET", status: "200", client: "terminal" };
    expect(total(samples, "site_http_requests_total", root)).toBe(3);
    expect(total(samples, "site_http_requests_total", { route: "unmatched", status: "404" })).toBe(1);
    expect(matching(samples, "site_build_info")[0]?.labels).toEqual({
      version: VERSION,
      runtime: runtime === "bun" ? `bun ${Bun.version}` : expect.stringMatching(/^deno \d+\.\d+\.\d+/),
    });

    expect(await server.stop()).toBe(0);
    const [listening] = server
      .output()
      .stdout.trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(listening).toMatchObject({
      event: "listening",
      address: server.url,
      metrics: `${server.metricsUrl}/metrics`,
    });
    expect(
      await fetch(`${server.metricsUrl}/metrics`).then(
        () => "open",
        () => "closed",
      ),
    ).toBe("closed");
  },
);

test("prints one start-up line, then one JSON access-log line per request", async () => {
  const server = await startSlowServer();
  const response = await fetch(`${server.url}/api/%1B[2J?q=1`, {
    headers: { "user-agent": "curl/8.5.0", "x-request-id": "abc-123" },
  });
  expect(response.status).toBe(404);
  await fetch(`${server.url}/`, { headers: { "user-agent": "python-requests/2.31.0" } });
  // HEAD beside GET: logged as asked, with the route's path and without the query.
  await fetch(`${server.url}/?utm=x`, { method: "HEAD", headers: { "user-agent": "curl/8.5.0" } });
  expect(await server.stop()).toBe(0);

  const lines = server.output().stdout.trim().split("\n");
  const [startup, ...rest] = lines.map((line) => JSON.parse(line));
  expect(startup).toMatchObject({
    event: "listening",
    version: VERSION,
    runtime: `bun ${Bun.version}`,
    address: server.url,
    routes: testApp({ routes: routesWithSlow }).routes.length,
  });
  const access = rest.filter((entry) => "status" in entry && entry.path !== "/api/ping");
  expect(access).toEqual([
    {
      time: expect.any(String),
      method: "GET",
      path: "/api/%1B[2J",
      status: 404,
      durationMs: expect.any(Number),
      client: "terminal",
      requestId: "abc-123",
    },
    {
      time: expect.any(String),
      method: "GET",
      path: "/",
      status: 200,
      durationMs: expect.any(Number),
      client: "program",
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    },
    {
      time: expect.any(String),
      method: "HEAD",
      path: "/",
      status: 200,
      durationMs: expect.any(Number),
      client: "terminal",
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    },
  ]);
  expect(lines.join("\n")).not.toContain("\x1b");
});

test("the first text answers after a start are the answers every later request gets, ETag included", async () => {
  const server = await startSlowServer();
  const curl = { "user-agent": "curl/8.5.0" };
  // The readiness check asked for JSON: these are the first requests that want text.
  const paths = ["/api/ping?nocolor", "/?nocolor", "/?nocolor&width=60"];
  const first = await Promise.all(paths.map((path) => fetch(`${server.url}${path}`, { headers: curl })));
  const later = await fetch(`${server.url}/?nocolor`, { headers: curl });
  expect(first.map((response) => response.status)).toEqual([200, 200, 200]);
  expect(first[1]?.headers.get("etag")).toMatch(/^"[\w-]+"$/);
  expect(first[1]?.headers.get("etag")).toBe(later.headers.get("etag"));
  expect(await first[1]?.text()).toBe(await later.text());
  expect(await server.stop()).toBe(0);
});

describe("with LOG_FORMAT unset, the log's format follows stdout", () => {
  /** This run's environment less LOG_FORMAT, on loopback: the server decides the format itself. */
  function unsetFormat(port: number) {
    const { LOG_FORMAT: _, ...env } = process.env;
    return { ...env, HOST: "127.0.0.1", PORT: String(port), METRICS_PORT: "0" };
  }
  /** Waits until `read()` holds `expected`, or `timeoutMs` passes. */
  async function until(read: () => string, expected: string, timeoutMs = 10_000) {
    const deadline = performance.now() + timeoutMs;
    while (!read().includes(expected) && performance.now() < deadline) await Bun.sleep(20);
    return read();
  }

  test("JSON when stdout is a pipe, as under a process manager", async () => {
    const port = freePort();
    const child = Bun.spawn(["bun", "server.ts"], { cwd: root, env: unsetFormat(port), stdout: "pipe" });
    const firstLine = (await child.stdout.getReader().read()).value;
    child.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    expect(JSON.parse(new TextDecoder().decode(firstLine).split("\n")[0] ?? "")).toMatchObject({
      event: "listening",
      address: `http://127.0.0.1:${port}`,
    });
  });

  test("pretty when stdout is a terminal: sentences, and access lines read left to right", async () => {
    const port = freePort();
    let shown = "";
    const decoder = new TextDecoder();
    const child = Bun.spawn(["bun", "server.ts"], {
      cwd: root,
      env: unsetFormat(port),
      terminal: {
        cols: 200,
        data: (_terminal, data) => {
          shown += decoder.decode(data, { stream: true });
        },
      },
    });
    try {
      await until(() => shown, "listening at");
      await fetch(`http://127.0.0.1:${port}/api/ping`, { headers: { "user-agent": "curl/8.5.0" } });
      await until(() => shown, " GET /api/ping ");
    } finally {
      child.kill("SIGTERM");
      await child.exited;
      child.terminal?.close();
    }
    const lines = shown.split(/\r?\n/).filter((line) => line.trim() !== "");
    expect(lines[0]).toMatch(
      new RegExp(`^\\S+Z site \\S+ on bun ${Bun.version} listening at http://127\\.0\\.0\\.1:${port} \\(`),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^\S+Z GET \/api\/ping 200 [0-9.]+ms terminal [0-9a-f-]{36}$/),
    );
    expect(shown).not.toContain("{");
  });
});

test.each([
  [
    "METRICS_PORT",
    "9o91",
    'Cannot start: METRICS_PORT: must be a whole number from 0 to 65535, or "off", got "9o91"',
  ],
  ["LOG_FORMAT", "xml", 'Cannot start: LOG_FORMAT: must be "json" or "pretty", got "xml"'],
])("a bad %s stops start-up with one line naming it", async (variable, value, line) => {
  const { code, stderr } = await runCommand(["bun", "server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(freePort()), [variable]: value },
  });
  expect(code).toBe(1);
  expect(stderr.trim()).toBe(line);
});

test("--version prints the version with its commit and exits 0", async () => {
  const child = Bun.spawn(["bun", "server.ts", "--version"], { cwd: root, stdout: "pipe" });
  expect(await child.exited).toBe(0);
  expect((await new Response(child.stdout).text()).trim()).toBe(VERSION);
});
