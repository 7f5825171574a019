/**
 * The route table for Bun's router: every fixed path of the app, each method it answers
 * and HEAD beside GET, answering exactly as the app's own fetch handler does, though
 * it runs the app's hooks itself rather than through Elysia's per-request context.
 */
import { expect, test } from "bun:test";
import { Elysia, t } from "elysia";
import type { FetchHandler, MatchedRoute } from "../../lib/http/access-log.ts";
import { clientKind } from "../../lib/http/client-kind.ts";
import { ApiError, errorEnvelope } from "../../lib/http/errors.ts";
import { bodyLimit } from "../../lib/http/limits.ts";
import { directAnswer, nativeRoutes } from "../../lib/http/native-routes.ts";
import { defineRoute, type RouteModule } from "../../lib/http/route.ts";
import { synchronousHandler } from "../../lib/http/synchronous-handler.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { as, GET_PATHS, testApp } from "../support/app.ts";

// Two apps with the same random source: the roast is never the same twice in a row, so
// the table's answers are compared with those of a twin that saw the same requests.
const app = testApp({ random: () => 0.5 });
const twin = testApp({ random: () => 0.5 });
const seen: MatchedRoute[] = [];
const table = nativeRoutes(app, (handler: FetchHandler, matched) => {
  seen.push(matched);
  return handler;
});

test("lists every fixed path with the methods it answers, and HEAD wherever there is GET", () => {
  for (const path of GET_PATHS) expect(Object.keys(table[path] ?? {}).sort()).toEqual(["GET", "HEAD"]);
  expect(Object.keys(table["/api/ping-indexnow"] ?? {})).toEqual(["POST"]);
  expect(table["/api/docs/json"]?.GET).toBeFunction();
});

test("tells the wrapper the one method and path each handler gets", () => {
  expect(seen).toContainEqual({ method: "GET", path: "/api/rin.json" });
  expect(seen).toContainEqual({ method: "HEAD", path: "/api/rin.json" });
  expect(seen).toContainEqual({ method: "POST", path: "/api/ping-indexnow" });
  expect(seen.length).toBe(
    Object.values(table).reduce((sum, methods) => sum + Object.keys(methods).length, 0),
  );
});

async function expectSameAnswer(direct: Response | undefined, viaApp: Response) {
  expect(direct?.status).toBe(viaApp.status);
  expect(Object.fromEntries(direct?.headers ?? [])).toEqual(Object.fromEntries(viaApp.headers));
  expect(await direct?.text()).toBe(await viaApp.text());
}

/** Every way a request may be classified or guarded, each as headers and a query. */
const VARIANTS: [string, Record<string, string>, string][] = [
  ["curl", as.curl, ""],
  ["curl with ?nocolor", as.curl, "?nocolor"],
  ["curl asking for JSON", as.curlAskingForJson, ""],
  ["PowerShell", as.powershell, ""],
  ["a browser", as.browser, ""],
  ["a browser asking for JSON", as.browserAskingForJson, ""],
  ["python-requests", as.pythonRequests, ""],
  ["no User-Agent", as.noUserAgent, ""],
  ["a body over the limit", { ...as.curl, "content-length": "5000" }, ""],
  ["a Content-Length that is not a number", { ...as.curl, "content-length": "12abc" }, ""],
];

test.each(GET_PATHS)(
  "GET %s answers as the app's fetch handler does, for every kind of client",
  async (path) => {
    for (const [, headers, query] of VARIANTS) {
      const request = () => new Request(`http://localhost${path}${query}`, { headers });
      await expectSameAnswer(await table[path]?.GET?.(request()), await twin.handle(request()));
    }
  },
);

test("a cached representation revalidates to the same 304 as through the app", async () => {
  const first = await twin.handle(new Request("http://localhost/api/rin.json", { headers: as.browser }));
  const etag = first.headers.get("etag") ?? "";
  expect(etag).not.toBe("");
  const request = () =>
    new Request("http://localhost/api/rin.json", { headers: { ...as.browser, "if-none-match": etag } });
  const direct = await table["/api/rin.json"]?.GET?.(request());
  expect(direct?.status).toBe(304);
  await expectSameAnswer(direct, await twin.handle(request()));
});

test("every fixed route but the IndexNow POST is answered directly, without Elysia's per-request context", () => {
  const answered = app.routes.map((route) => [`${route.method} ${route.path}`, Boolean(directAnswer(route))]);
  const elysiaHandled = answered.filter(([, direct]) => !direct).map(([route]) => route);
  expect(elysiaHandled).toEqual(["POST /api/ping-indexnow"]);
});

const failing = (error: Error): RouteModule => ({
  GET: defineRoute({
    detail: { summary: "Fails", description: "Test only.", tags: ["test"], responses: () => ({}) },
    setup: () => () => {
      throw error;
    },
  }),
});

test("what a handler throws becomes the same envelope, and a failure is logged the same", async () => {
  const logged: string[] = [];
  const log = { error: (message: string) => logged.push(message), event: () => {} };
  const failingApp = testApp({
    log,
    routes: [
      ...routes,
      ["/test/refused", failing(new ApiError(429, "Slow down"))],
      ["/test/broken", failing(new Error("boom"))],
    ],
  });
  const failingTable = nativeRoutes(failingApp, (handler) => handler);
  for (const path of ["/test/refused", "/test/broken"]) {
    const request = () => new Request(`http://localhost${path}`, { headers: as.curl });
    const direct = await failingTable[path]?.GET?.(request());
    await expectSameAnswer(direct, await failingApp.handle(request()));
  }
  expect(logged).toEqual(["GET /test/broken failed", "GET /test/broken failed"]);
});

test("a route with a hook the direct answer would not run gets Elysia's handler instead", () => {
  const answer = synchronousHandler(() => new Response("ok"));
  const withTheAppsHooks = () =>
    new Elysia()
      .use(errorEnvelope(() => []))
      .use(bodyLimit)
      .use(clientKind);
  const routeOf = (elysia: { routes: readonly unknown[] }) =>
    elysia.routes[0] as Parameters<typeof directAnswer>[0];

  expect(directAnswer(routeOf(withTheAppsHooks().get("/", answer)))).toBeFunction();
  const withAnotherHook = withTheAppsHooks().onBeforeHandle(
    { as: "global" },
    synchronousHandler(function refuseNothing() {}),
  );
  expect(directAnswer(routeOf(withAnotherHook.get("/", answer)))).toBeUndefined();
  const validated = withTheAppsHooks().get("/", answer, { query: t.Object({ q: t.String() }) });
  expect(directAnswer(routeOf(validated))).toBeUndefined();
  expect(directAnswer(routeOf(new Elysia().get("/", answer)))).toBeUndefined();
});
