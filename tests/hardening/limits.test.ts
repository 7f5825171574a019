/** Limits: bodies a stranger can make too big, a long User-Agent, and a short Host. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { LIMITS } from "../../lib/http/limits.ts";
import { send, testApp } from "../support/app.ts";
import { headerOf, rawRequest, startServer, type TestServer } from "../support/server.ts";

const app = testApp();

describe("request bodies in-process", () => {
  for (const [method, path] of [
    ["POST", "/api/ping"],
    ["GET", "/"],
    ["PUT", "/api/nope"],
  ] as const) {
    test(`${method} ${path} with a body over the limit gets the 413 envelope`, async () => {
      const response = await send(app, path, { "content-length": String(LIMITS.bodyBytes + 1) }, { method });
      expect(response.status).toBe(413);
      const { error } = await response.json();
      expect(error).toMatchObject({ status: 413, code: "payload_too_large", limitBytes: LIMITS.bodyBytes });
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    });
  }

  test("a body within the limit changes nothing", async () => {
    expect((await send(app, "/", { "content-length": "10" })).status).toBe(200);
  });

  test("a Content-Length that is not a number gets the 400 envelope", async () => {
    const response = await send(app, "/", { "content-length": "lots" });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("bad_request");
  });
});

describe("limits on a real server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  // The server's own caps (Content-Length over 64 KiB, a head over 16 KiB) are pinned in
  // tests/runtime/server-options.test.ts.
  test("a chunked body to the trigger, over its limit, gets the 413 envelope", async () => {
    const chunk = "x".repeat(16 * 1024);
    const chunks = Array.from({ length: 8 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("");
    const answer = await rawRequest(
      server.port,
      `POST /api/ping-indexnow HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks}0\r\n\r\n`,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toMatchObject({
      status: 413,
      code: "payload_too_large",
      limitBytes: LIMITS.bodyBytes,
    });
  });

  test("a 10 KB User-Agent is answered normally", async () => {
    const response = await fetch(`${server.url}/`, {
      headers: { "user-agent": `curl/${"9".repeat(10240)}` },
    });
    expect(response.status).toBe(200);
  });

  test("a one-character Host still routes every path correctly (regression)", async () => {
    for (const path of ["/api/docs", "/api/docs/json", "/", "/api/ping?nocolor"]) {
      const answer = await rawRequest(
        server.port,
        `GET ${path} HTTP/1.1\r\nHost: x\r\nUser-Agent: python-requests/2.31.0\r\nConnection: close\r\n\r\n`,
      );
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(headerOf(answer, "x-content-type-options")).toBe("nosniff");
    }
  });
});
