import { afterAll, beforeAll, expect, test } from "bun:test";
import { createApp } from "../../lib/http/app.ts";
import { loadConfig } from "../../lib/runtime/config.ts";

// One real server on a loopback port, spoken to over a socket with fetch.
let app: ReturnType<typeof createApp>;
let base: string;

beforeAll(() => {
  app = createApp({
    config: loadConfig({ HOST: "127.0.0.1", PORT: "3000", SITE_URL: "https://rin.example" }),
  });
  app.listen({ hostname: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${app.server?.port}`;
});

afterAll(async () => {
  await app.stop();
});

test("curl over a real socket gets the coloured profile at /", async () => {
  const response = await fetch(`${base}/`, { headers: { "user-agent": "curl/8.5.0" } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  expect(await response.text()).toContain("\u001b[");
});

test("python-requests over a real socket gets the JSON heartbeat", async () => {
  const response = await fetch(`${base}/api/ping`, { headers: { "user-agent": "python-requests/2.31.0" } });
  expect(await response.json()).toMatchObject({ pong: true, status: "ok" });
});

test("HEAD over a real socket keeps GET's headers and sends no body", async () => {
  const response = await fetch(`${base}/api/now`, { method: "HEAD" });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("etag")).toBeTruthy();
  expect(await response.text()).toBe("");
});

test("a wrong method over a real socket is a 405 envelope with Allow", async () => {
  const response = await fetch(`${base}/api/now`, { method: "DELETE" });
  expect(response.status).toBe(405);
  expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  expect((await response.json()).error.code).toBe("method_not_allowed");
});
