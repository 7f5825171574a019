/**
 * The server as a process: the start-up line, one access-log line per request, and a
 * graceful shutdown that lets slow requests in flight finish before exiting 0.
 */
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { declaredRoutes } from "../../lib/http/route.ts";
import { SHUTDOWN_GRACE_MS } from "../../lib/runtime/start.ts";
import { VERSION } from "../../lib/runtime/version.ts";
import { freePort, type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { routesWithSlow } from "../fixtures/slow-route.ts";

const root = join(import.meta.dir, "..", "..");

/** Every server this file starts; any still running when it ends is stopped. */
const started: ServerProcess[] = [];
afterAll(() => Promise.all(started.map((server) => server.stop(0))));

/** Each runtime's entry point with the test-only slow route (tests/fixtures/). */
const SLOW_SERVERS = {
  bun: ["bun", "tests/fixtures/slow-server.ts"],
  deno: [
    "deno",
    "run",
    "--allow-net",
    "--allow-env",
    "--allow-read",
    "--allow-run=git",
    "tests/fixtures/slow-server.deno.ts",
  ],
} as const;

/** Starts an entry point with a test-only slow route, logging JSON, its output kept. */
async function startSlowServer(runtime: keyof typeof SLOW_SERVERS = "bun") {
  const server = await startServerProcess(SLOW_SERVERS[runtime], { cwd: root, output: "keep" });
  started.push(server);
  return server;
}

// `bun run test` installs Deno when it is missing (scripts/install-test-tools.sh).
const runtimes = ["bun", "deno"] as const;

test.each(runtimes)(
  "on %s, SIGTERM lets slow requests in flight finish, refuses new ones, exits 0",
  async (runtime) => {
    const server = await startSlowServer(runtime);
    const inFlight = [800, 1200, 1500].map((ms) =>
      fetch(`${server.url}/test/slow?ms=${ms}`).then(async (r) => [r.status, await r.text()] as const),
    );
    await Bun.sleep(200);
    const signalled = performance.now();
    const exited = server.stop(SHUTDOWN_GRACE_MS + 2000);
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
    expect(performance.now() - signalled).toBeLessThan(SHUTDOWN_GRACE_MS);
  },
);

test("prints one start-up line, then one JSON access-log line per request", async () => {
  const server = await startSlowServer();
  const response = await fetch(`${server.url}/api/%1B[2J?q=1`, {
    headers: { "user-agent": "curl/8.5.0", "x-request-id": "abc-123" },
  });
  expect(response.status).toBe(404);
  await fetch(`${server.url}/api/rin.json`, { headers: { "user-agent": "python-requests/2.31.0" } });
  // HEAD beside GET: logged as asked, with the route's path and without the query.
  await fetch(`${server.url}/api/now?utm=x`, { method: "HEAD", headers: { "user-agent": "curl/8.5.0" } });
  expect(await server.stop()).toBe(0);

  const lines = server.output().stdout.trim().split("\n");
  const [startup, ...rest] = lines.map((line) => JSON.parse(line));
  expect(startup).toMatchObject({
    event: "listening",
    version: VERSION,
    runtime: `bun ${Bun.version}`,
    address: server.url,
    routes: declaredRoutes(routesWithSlow).length,
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
      path: "/api/rin.json",
      status: 200,
      durationMs: expect.any(Number),
      client: "program",
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    },
    {
      time: expect.any(String),
      method: "HEAD",
      path: "/api/now",
      status: 200,
      durationMs: expect.any(Number),
      client: "terminal",
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    },
  ]);
  expect(lines.join("\n")).not.toContain("\x1b");
});

test("the first text answers, while the renderer loads, carry their id, are logged, and say what later ones say", async () => {
  const server = await startSlowServer();
  const curl = { "user-agent": "curl/8.5.0" };
  // The readiness check asked for JSON: these are the first requests that want text.
  const asked = {
    "ping-card": "/api/ping?nocolor",
    profile: "/api/curl?nocolor",
    home: "/?nocolor&width=60",
  };
  const first = await Promise.all(
    Object.entries(asked).map(([id, path]) =>
      fetch(`${server.url}${path}`, { headers: { ...curl, "x-request-id": id } }),
    ),
  );
  const later = await fetch(`${server.url}/api/curl?nocolor`, { headers: curl });
  expect(first.map((response) => [response.status, response.headers.get("x-request-id")])).toEqual([
    [200, "ping-card"],
    [200, "profile"],
    [200, "home"],
  ]);
  const [ping, profile] = await Promise.all(first.map((response) => response.text()));
  expect(profile).toBe(await later.text());
  expect(ping).toContain("is up: pong");
  expect(await server.stop()).toBe(0);
  const logged = server
    .output()
    .stdout.trim()
    .split("\n")
    .map((line) => JSON.parse(line))
    .filter((entry) => Object.keys(asked).includes(entry.requestId));
  expect(logged.map(({ path, status }) => [path, status]).sort()).toEqual([
    ["/", 200],
    ["/api/curl", 200],
    ["/api/ping", 200],
  ]);
});

test("a bad LOG_FORMAT stops start-up with one line naming it", async () => {
  const child = Bun.spawn(["bun", "server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(freePort()), LOG_FORMAT: "xml" },
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(await child.exited).toBe(1);
  expect((await new Response(child.stderr).text()).trim()).toBe(
    'Cannot start: LOG_FORMAT: must be "json" or "pretty", got "xml"',
  );
});

test("--version prints the version with its commit and exits 0", async () => {
  const child = Bun.spawn(["bun", "server.ts", "--version"], { cwd: root, stdout: "pipe" });
  expect(await child.exited).toBe(0);
  expect((await new Response(child.stdout).text()).trim()).toBe(VERSION);
});
