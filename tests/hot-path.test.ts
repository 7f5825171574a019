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
import { MINIFY_FLAGS } from "../scripts/minify-flags.ts";

const root = join(import.meta.dir, "..");
const fixture = join(import.meta.dir, "fixtures", "route-kinds.ts");
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

test("bundled as `bun run build` minifies it, every route but the IndexNow POST is still synchronous", () => {
  const out = join(mkdtempSync(join(tmpdir(), "hot-path-")), "route-kinds.js");
  const build = Bun.spawnSync(["bun", "build", ...MINIFY_FLAGS, "--target=bun", fixture, "--outfile", out], {
    cwd: root,
  });
  expect(build.exitCode).toBe(0);
  expectSynchronousExceptWaiting(routeKinds(out));
});

test("the check can fail: fully minified, Elysia takes the routes for async", () => {
  const out = join(mkdtempSync(join(tmpdir(), "hot-path-")), "route-kinds.js");
  const build = Bun.spawnSync(["bun", "build", "--minify", "--target=bun", fixture, "--outfile", out], {
    cwd: root,
  });
  expect(build.exitCode).toBe(0);
  const asyncRoutes = routeKinds(out).filter((kind) => kind.composed === "AsyncFunction");
  expect(asyncRoutes.length).toBeGreaterThan(ASYNC_ROUTES.length);
});
