/**
 * The request path stays synchronous. Elysia composes each route into one function and
 * awaits a handler or hook whose source looks as if it may return a promise; one such
 * route costs a promise and an async turn per request. Only a handler that really waits
 * (an `async function`, like the IndexNow POST) may be composed async.
 */
import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Elysia } from "elysia";
import { synchronousHandler } from "../../lib/http/synchronous-handler.ts";
import { BUNDLE_OPTIONS } from "../../scripts/bundle-options.ts";

const root = join(import.meta.dir, "..", "..");
const fixture = join(import.meta.dir, "..", "fixtures", "route-kinds.ts");
const ASYNC_ROUTES = ["POST /api/ping-indexnow"];

interface RouteKind {
  readonly route: string;
  readonly composed: string;
}

function routeKinds(script: string): RouteKind[] {
  const run = Bun.spawnSync(["bun", script], { cwd: root, env: { ...process.env, NODE_ENV: "production" } });
  expect(run.stderr.toString()).toBe("");
  return JSON.parse(run.stdout.toString());
}

function expectSynchronousExceptWaiting(kinds: RouteKind[]) {
  expect(kinds.length).toBeGreaterThan(8);
  const asyncRoutes = kinds.filter((kind) => kind.composed === "AsyncFunction").map((kind) => kind.route);
  expect(asyncRoutes).toEqual(ASYNC_ROUTES);
}

test("from source, every route but the IndexNow POST is composed synchronous", () => {
  expectSynchronousExceptWaiting(routeKinds(fixture));
});

test("bundled as `bun run build` bundles the server, fully minified, every route but the IndexNow POST is still synchronous", async () => {
  const outdir = mkdtempSync(join(tmpdir(), "hot-path-"));
  const build = await Bun.build({ ...BUNDLE_OPTIONS, entrypoints: [fixture], outdir });
  expect(build.success).toBe(true);
  expectSynchronousExceptWaiting(routeKinds(join(outdir, "route-kinds.js")));
});

test("the check can fail: a derive hook whose source Elysia reads as a call makes a route async", () => {
  const classified = (request: Request) => ({ client: request.headers.get("user-agent") ?? "" });
  function deriveClient({ request }: { request: Request }) {
    return classified(request);
  }
  const composedWith = (hook: typeof deriveClient) => {
    const app = new Elysia().derive({ as: "global" }, hook).get(
      "/",
      synchronousHandler(() => new Response("ok")),
    );
    app.compile();
    return (app.routes[0] as unknown as { compile(): () => unknown }).compile().constructor.name;
  };
  expect(composedWith(deriveClient)).toBe("AsyncFunction");
  expect(composedWith(synchronousHandler(deriveClient))).toBe("Function");
});
