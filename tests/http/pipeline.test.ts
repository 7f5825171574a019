/**
 * The request pipeline: every answer carries its request id, every request gets one
 * access-log line with what was answered, and whatever goes wrong is the envelope.
 */
import { describe, expect, test } from "bun:test";
import { defineRoute, type RouteFiles, type RouteModule } from "../../lib/site/site.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { afterResponses, as, send, testApp } from "../support/app.ts";
import { memoryLog } from "../support/log.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A test-only route file whose GET answers with `answer()`. */
const answering = (answer: () => Response): RouteModule => ({
  GET: defineRoute({
    detail: { summary: "Test", description: "Test only.", tags: ["test"], responses: () => ({}) },
    setup: () => answer,
  }),
});

const broken = answering(() => {
  throw new Error("secret detail at /srv/app/lib/thing.ts:12");
});

function appWithLog(files: RouteFiles = [...routes, ["/test/broken", broken]]) {
  const log = memoryLog();
  return { app: testApp({ log, routes: files }), log };
}

describe("every answer carries its X-Request-Id", () => {
  const cases: [string, string, RequestInit][] = [
    ["a route", "/api/ping", {}],
    ["HEAD on a route", "/api/ping", { method: "HEAD" }],
    ["an unknown path", "/api/nope", {}],
    ["a wrong method", "/api/ping", { method: "DELETE" }],
    ["a preflight", "/api/ping", { method: "OPTIONS" }],
    ["a body over the limit", "/api/ping", { headers: { "content-length": "5000" } }],
    [
      "a body over the limit on an unknown path",
      "/api/nope",
      { method: "PUT", headers: { "content-length": "5000" } },
    ],
    ["a handler that throws", "/test/broken", {}],
  ];
  test.each(cases)("%s: the caller's safe id is echoed, an unsafe one replaced", async (_, path, init) => {
    const { app } = appWithLog();
    const headers = { ...as.curl, ...(init.headers as Record<string, string>) };
    const mine = await send(app, path, { ...headers, "x-request-id": "deploy-check.42" }, init);
    expect(mine.headers.get("x-request-id")).toBe("deploy-check.42");
    const unsafe = await send(app, path, { ...headers, "x-request-id": "bad id\u001b" }, init);
    expect(unsafe.headers.get("x-request-id")).toMatch(UUID);
  });
});

describe("the access log", () => {
  test("has one line per request: when, method, the path asked for, status, duration, client and id", async () => {
    const { app, log } = appWithLog();
    const before = Date.now();
    const answered = await send(app, "/?utm=x", as.browser);
    await send(app, "/api/ping/", as.curl, { method: "HEAD" });
    await afterResponses();
    const entry = {
      arrivedAtMs: expect.any(Number),
      durationMs: expect.any(Number),
    };
    expect(log.accesses).toEqual([
      {
        ...entry,
        method: "GET",
        path: "/",
        status: 200,
        client: "browser",
        requestId: answered.headers.get("x-request-id") as string,
      },
      {
        ...entry,
        method: "HEAD",
        path: "/api/ping/",
        status: 200,
        client: "terminal",
        requestId: expect.stringMatching(UUID),
      },
    ]);
    expect(log.accesses[0]?.arrivedAtMs).toBeGreaterThanOrEqual(before - 1);
  });

  test("logs, the same way, what the app's last route answered: 404, 405, 204 and 413", async () => {
    const { app, log } = appWithLog();
    await send(app, "/api/nope", as.pythonRequests);
    await send(app, "/api/ping", as.pythonRequests, { method: "POST" });
    await send(app, "/api/ping", as.browser, { method: "OPTIONS" });
    await send(app, "/nowhere", { ...as.curl, "content-length": "5000" }, { method: "PUT" });
    await afterResponses();
    expect(log.accesses.map(({ method, path, status, client }) => [method, path, status, client])).toEqual([
      ["GET", "/api/nope", 404, "program"],
      ["POST", "/api/ping", 405, "program"],
      ["OPTIONS", "/api/ping", 204, "browser"],
      ["PUT", "/nowhere", 413, "terminal"],
    ]);
  });

  test("logs a failure's status, and its trace goes to the error log, not the answer", async () => {
    const { app, log } = appWithLog();
    const response = await send(app, "/test/broken", as.curl);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("secret");
    expect(JSON.parse(text).error.code).toBe("internal_error");
    await afterResponses();
    expect(log.accesses.map(({ path, status }) => [path, status])).toEqual([["/test/broken", 500]]);
    expect(log.errors.map(({ message }) => message)).toEqual(["GET /test/broken failed"]);
    expect(String(log.errors[0]?.error)).toContain("secret detail");
  });
});

describe("the answer", () => {
  test("is always a Response: a promise from a handler Elysia did not await is a logged 500, with its id, line and count", async () => {
    const pending: Promise<Response> = Promise.resolve(new Response("late"));
    const sneaky: RouteModule = {
      GET: defineRoute({
        detail: { summary: "Sneaky", description: "Test only.", tags: ["test"], responses: () => ({}) },
        // Reads as synchronous, so Elysia does not await what it returns.
        setup: () => () => pending as unknown as Response,
      }),
    };
    const { app, log } = appWithLog([...routes, ["/test/sneaky", sneaky]]);
    const response = await send(app, "/test/sneaky", as.pythonRequests);
    expect(response.status).toBe(500);
    expect(response.headers.get("x-request-id")).toMatch(UUID);
    await afterResponses();
    expect(log.accesses.map(({ path, status }) => [path, status])).toEqual([["/test/sneaky", 500]]);
    expect(String(log.errors[0]?.error)).toContain(
      "/test/sneaky answered with a promise, not a Response: a handler that returns a promise must be async",
    );
  });
});
