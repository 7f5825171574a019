/**
 * The error envelope's layout follows who asked, on every error path of the shipped
 * server and of its metrics port: a person at a terminal gets it pretty-printed and
 * ending in a newline, so the prompt starts on a line of its own; programs get it compact.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { defineRoute, type RouteModule } from "../../lib/site/site.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { as } from "../support/app.ts";
import { type FakeEngine, startEngine } from "../support/engines.ts";
import { runCommand } from "../support/run.ts";
import { startServer, type TestServer } from "../support/server.ts";

/** A test-only route whose handler throws: the 500. */
const broken: RouteModule = {
  GET: defineRoute({
    detail: { summary: "Test", description: "Test only.", tags: ["test"], responses: () => ({}) },
    setup: () => () => {
      throw new Error("planted");
    },
  }),
};

let engine: FakeEngine;
/** No IndexNow key: the trigger is a 503. */
let unconfigured: TestServer;
/** A key, a cooldown and an engine that says 429: a second trigger for the release is a 429. */
let cooling: TestServer;
beforeAll(async () => {
  engine = startEngine({ status: 429 });
  unconfigured = await startServer({}, { routes: [...routes, ["/test/broken", broken]] });
  cooling = await startServer({
    INDEXNOW_KEY: "5f2b9c0e-4d7a-41c8",
    INDEXNOW_ENDPOINTS: engine.url,
    INDEXNOW_COOLDOWN_SECONDS: "300",
  });
  expect((await fetch(`${cooling.url}/api/ping-indexnow`, { method: "POST" })).status).toBe(502);
});
afterAll(async () => {
  engine.stop();
  await Promise.all([unconfigured.stop(), cooling.stop()]);
});

/** Every error path: a status, and where and how to ask for it. */
const ERRORS: [status: number, what: string, url: () => string, init?: RequestInit][] = [
  [404, "an unknown path", () => `${unconfigured.url}/api/nope`],
  [405, "a wrong method", () => `${unconfigured.url}/api/ping`, { method: "DELETE" }],
  [
    413,
    "a body over the limit",
    () => `${unconfigured.url}/api/ping-indexnow`,
    { method: "POST", body: "x".repeat(4096) },
  ],
  [
    413,
    "a body over the limit, on no route",
    () => `${unconfigured.url}/api/nope`,
    { method: "PUT", body: "x".repeat(4096) },
  ],
  [503, "the trigger, not configured", () => `${unconfigured.url}/api/ping-indexnow`, { method: "POST" }],
  [429, "the trigger, in its cooldown", () => `${cooling.url}/api/ping-indexnow`, { method: "POST" }],
  [500, "a route that fails", () => `${unconfigured.url}/test/broken`],
  [404, "another path on the metrics port", () => `${unconfigured.metricsUrl}/api/ping`],
  [405, "a wrong method on the metrics port", () => `${unconfigured.metricsUrl}/metrics`, { method: "POST" }],
];

async function ask(url: string, init: RequestInit, client: Record<string, string>) {
  const response = await fetch(url, {
    ...init,
    headers: { ...client, ...(init.headers as Record<string, string>) },
  });
  return { status: response.status, body: await response.text() };
}

describe.each(ERRORS)("%i, %s", (status, _, url, init = {}) => {
  test("curl gets the envelope pretty-printed, ending in a newline", async () => {
    const { status: got, body } = await ask(url(), init, as.curl);
    expect(got).toBe(status);
    const envelope = JSON.parse(body);
    expect(envelope.error.status).toBe(status);
    expect(body).toBe(`${JSON.stringify(envelope, null, 2)}\n`);
  });

  test("python-requests gets the same envelope, compact", async () => {
    const { status: got, body } = await ask(url(), init, as.pythonRequests);
    expect(got).toBe(status);
    expect(body).toBe(JSON.stringify(JSON.parse(body)));
  });
});

test("curl itself, asked for an unknown path, prints the envelope and leaves the prompt a line of its own", async () => {
  const { code, stdout } = await runCommand(["curl", "-sS", `${unconfigured.url}/api/nope`]);
  expect(code).toBe(0);
  expect(stdout).toBe(
    `${JSON.stringify({ error: { status: 404, code: "not_found", message: "No route for GET /api/nope" } }, null, 2)}\n`,
  );
});
