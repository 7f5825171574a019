/**
 * The route table for Bun's router: every fixed path of the app, each method it answers
 * and HEAD beside GET, answering exactly as the app's own fetch handler does.
 */
import { expect, test } from "bun:test";
import type { FetchHandler, MatchedRoute } from "../lib/access-log.ts";
import { nativeRoutes } from "../lib/native-routes.ts";
import { as, GET_PATHS, testApp } from "./support/app.ts";

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

test.each(GET_PATHS)("GET %s answers as the app's fetch handler does", async (path) => {
  for (const headers of [as.curl, as.browser, as.pythonRequests]) {
    const request = () => new Request(`http://localhost${path}`, { headers });
    const direct = await table[path]?.GET?.(request());
    const viaApp = await twin.handle(request());
    expect(direct?.status).toBe(viaApp.status);
    expect(Object.fromEntries(direct?.headers ?? [])).toEqual(Object.fromEntries(viaApp.headers));
    expect(await direct?.text()).toBe(await viaApp.text());
  }
});
