/**
 * Contract: errors, HEAD, preflight, revalidation and the request id, over real HTTP,
 * identical to the reference app whichever runtime serves them.
 */
import { describe, expect, test } from "bun:test";
import { DOCS_UI_SCRIPT_PATH } from "../../lib/docs/paths.ts";
import { as } from "../support/app.ts";
import { snapshot, useTargets } from "./target.ts";

// Errors do not depend on the owner: one owner's target is enough.
const { remote, local, paths } = useTargets(["rin"])("rin");

const same = async (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  expect(await snapshot(await remote(path, headers, init))).toEqual(
    await snapshot(await local(path, headers, init)),
  );

describe("errors", () => {
  test("an unknown path is a 404 envelope, JSON even for curl", async () => {
    const response = await remote("/api/nope", as.curl);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { status: 404, code: "not_found", message: "No route for GET /api/nope" },
    });
    await same("/api/nope", as.curl);
  });

  test("a known path with the wrong method is a 405 with Allow", async () => {
    const response = await remote("/api/ping", as.pythonRequests, { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await response.json()).error.code).toBe("method_not_allowed");
    await same("/api/ping", as.pythonRequests, { method: "DELETE" });
  });

  test("an OPTIONS preflight is answered 204 with Allow", async () => {
    const response = await remote(
      "/api/ping",
      { origin: "https://elsewhere.example" },
      { method: "OPTIONS" },
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toContain("GET");
    await same("/api/ping", { origin: "https://elsewhere.example" }, { method: "OPTIONS" });
  });

  test("a path with terminal control bytes is never echoed raw", async () => {
    const response = await remote("/api/%1B[2J", as.curl);
    const text = await response.text();
    expect(response.status).toBe(404);
    expect(text).not.toContain("\x1b");
    await same("/api/%1B[2J", as.curl);
  });
});

describe("HEAD and revalidation", () => {
  test.each([...paths, DOCS_UI_SCRIPT_PATH])(
    "HEAD %s has GET's status and headers, no body",
    async (path) => {
      const head = await remote(path, as.curl, { method: "HEAD" });
      const get = await remote(path, as.curl);
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
      expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    },
  );

  test("HEAD on a 400 has GET's status, Content-Length and headers, no body", async () => {
    const head = await remote("/?width=abc", as.curl, { method: "HEAD" });
    const get = await remote("/?width=abc", as.curl);
    expect(head.status).toBe(400);
    expect(await head.text()).toBe("");
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
  });

  test.each([
    ["/nope", { status: 404, code: "not_found", message: "No route for HEAD /nope" }],
    [
      "/api/ping-indexnow",
      {
        status: 405,
        code: "method_not_allowed",
        message: "/api/ping-indexnow answers POST, OPTIONS, not HEAD",
      },
    ],
  ])("HEAD %s says the length of its envelope, and sends none of it", async (path, error) => {
    const head = await remote(path, as.curl, { method: "HEAD" });
    const envelope = `${JSON.stringify({ error }, null, 2)}\n`;
    expect(head.status).toBe(error.status);
    expect(await head.text()).toBe("");
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(envelope)));
    expect(head.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  test.each(["/", DOCS_UI_SCRIPT_PATH])(
    "If-None-Match with the current ETag of %s gets a 304 without a body",
    async (path) => {
      const etag = (await remote(path, as.browser)).headers.get("etag") as string;
      expect(etag).toMatch(/^".+"$/);
      const response = await remote(path, { ...as.browser, "if-none-match": etag });
      expect(response.status).toBe(304);
      expect(await response.text()).toBe("");
      await same(path, { ...as.browser, "if-none-match": etag });
    },
  );
});

describe("X-Request-Id", () => {
  test("is echoed when the client sends a safe one", async () => {
    const response = await remote("/api/ping", { ...as.pythonRequests, "x-request-id": "deploy-check.42" });
    expect(response.headers.get("x-request-id")).toBe("deploy-check.42");
  });

  test("is assigned, unique per request, when absent or unsafe", async () => {
    const a = (await remote("/api/ping", as.pythonRequests)).headers.get("x-request-id");
    const b = (await remote("/api/ping", { ...as.pythonRequests, "x-request-id": "bad id!" })).headers.get(
      "x-request-id",
    );
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });
});
