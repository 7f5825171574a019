/**
 * The settings of the shipped server, each checked by what it does, on the server the
 * entry point starts (`start` with `server.ts`'s description of Bun). Remove or change
 * any of them in `lib/http/server-options.ts` or `lib/http/limits.ts` and a test here fails.
 * What the server answers itself, before the app sees a request, is pinned here too, and
 * where Deno answers otherwise, on Deno as a process.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { DroppedConnection } from "../../lib/http/connections.ts";
import { LIMITS } from "../../lib/http/limits.ts";
import { serverErrorHandler } from "../../lib/http/server-options.ts";
import { defineRoute, type RouteModule } from "../../lib/site/site.ts";
import { type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { routesWithSlow } from "../fixtures/slow-route.ts";
import { ENTRY_POINTS } from "../support/entry-points.ts";
import { memoryLog } from "../support/log.ts";
import { headerOf, rawRequest, startServer, type TestServer } from "../support/server.ts";

/** An error no code can read: Elysia's own error handling fails on it, and it escapes. */
const unreadable: RouteModule = {
  GET: defineRoute({
    detail: {
      summary: "Throws the unreadable",
      description: "Test only.",
      tags: ["test"],
      responses: () => ({}),
    },
    setup: () => () => {
      throw new Proxy(
        {},
        {
          get() {
            throw new Error("unreadable");
          },
        },
      );
    },
  }),
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, { routes: [...routesWithSlow, ["/test/unreadable", unreadable]] });
});
afterAll(() => server.stop());

const head = (lines: string[]) => `${lines.join("\r\n")}\r\n\r\n`;
/** A request with a method no HTTP parser need know. */
const foo = head(["FOO /api/ping HTTP/1.1", "Host: localhost", "Connection: close"]);

/**
 * The limits as documented (docs/http.md), written out: a change to `LIMITS`, or to
 * Bun's default header cap, must show up here.
 */
const KiB = 1024;

describe("the body cap", () => {
  const declaring = (bytes: number) =>
    head(["GET /api/ping HTTP/1.1", "Host: localhost", `Content-Length: ${bytes}`, "Connection: close"]);

  test("a body of 1 KiB is within the app's limit", async () => {
    expect<number>(LIMITS.bodyBytes).toBe(1 * KiB);
    const answer = await rawRequest(server.port, `${declaring(1 * KiB)}${"x".repeat(1 * KiB)}`);
    expect(answer.status).toBe(200);
  });

  test("a body over 1 KiB gets the 413 envelope, decided from Content-Length, unread", async () => {
    const answer = await rawRequest(server.port, declaring(1 * KiB + 1));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toMatchObject({ code: "payload_too_large", limitBytes: 1 * KiB });
  });

  test("a body of 64 KiB still reaches the app, which answers with the envelope", async () => {
    const answer = await rawRequest(server.port, declaring(64 * KiB));
    expect(JSON.parse(answer.body).error.code).toBe("payload_too_large");
  });

  test("a body over 64 KiB is refused by the server itself: an empty 413, the connection closed", async () => {
    expect<number>(LIMITS.serverBodyBytes).toBe(64 * KiB);
    const answer = await rawRequest(
      server.port,
      head(["POST /api/ping HTTP/1.1", "Host: localhost", `Content-Length: ${64 * KiB + 1}`]),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("");
    expect(answer.head.toLowerCase()).toContain("connection: close");
    // Written by Bun before the app sees the request, so without a request id.
    expect(headerOf(answer, "x-request-id")).toBeUndefined();
    expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
  });
});

describe("the header cap: Bun's default, 16 KiB of request line and headers", () => {
  const withCookie = (bytes: number) =>
    head(["GET /api/ping HTTP/1.1", "Host: localhost", `Cookie: ${"c".repeat(bytes)}`, "Connection: close"]);
  const withQuery = (bytes: number) =>
    head([`GET /api/ping?${"q".repeat(bytes)} HTTP/1.1`, "Host: localhost", "Connection: close"]);

  test("a request head just under 16 KiB is answered", async () => {
    expect((await rawRequest(server.port, withCookie(16 * KiB - 200))).status).toBe(200);
  });

  test("a request head over 16 KiB, in its headers or its URL, gets 431, and the server keeps answering", async () => {
    for (const request of [withCookie(16 * KiB), withQuery(16 * KiB)]) {
      const answer = await rawRequest(server.port, request);
      expect(answer.status).toBe(431);
      // Written by Bun before the app sees the request, so without a request id.
      expect(headerOf(answer, "x-request-id")).toBeUndefined();
    }
    expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
  });
});

describe("the header count cap: Bun's own, 198 header fields", () => {
  const withFields = (count: number) =>
    head([
      "GET /api/ping HTTP/1.1",
      "Host: localhost",
      ...Array.from({ length: count - 2 }, (_, i) => `X-Field-${i}: v`),
      "Connection: close",
    ]);

  test("a request with 198 small header fields is answered", async () => {
    expect((await rawRequest(server.port, withFields(198))).status).toBe(200);
  });

  test("one with 199 gets Bun's own empty 431, and the server keeps answering", async () => {
    const answer = await rawRequest(server.port, withFields(199));
    expect([answer.status, answer.body]).toEqual([431, ""]);
    // Written by Bun before the app sees the request, so without a request id.
    expect(headerOf(answer, "x-request-id")).toBeUndefined();
    expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
  });
});

describe("a method the server's parser does not know", () => {
  test("Bun closes the connection without an answer, and keeps answering others", async () => {
    const answer = await rawRequest(server.port, foo);
    // Closed by the server, not left hanging until rawRequest gives up.
    expect(answer).toEqual({ status: 0, head: "", body: "", ended: "closed" });
    expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
  });
});

/**
 * Where Deno answers otherwise: one process for these, started before them. Each request
 * is the first of its kind for a new runtime, which compiles its path then, many times
 * slower than Bun on a busy machine; so each waits for the server to close the connection
 * (every request says `Connection: close`) as long as a test may.
 */
describe("on Deno", () => {
  const ANSWER_MS = 10_000;
  let deno: ServerProcess;
  let denoPort: number;
  beforeAll(async () => {
    deno = await startServerProcess(ENTRY_POINTS.deno, { cwd: join(import.meta.dir, "..", "..") });
    denoPort = Number(new URL(deno.url).port);
  });
  afterAll(() => deno?.stop());

  test("a method Bun does not know reaches the app, which answers the 405 envelope", async () => {
    const answer = await rawRequest(denoPort, foo, ANSWER_MS);
    expect([answer.status, answer.ended]).toEqual([405, "closed"]);
    expect(headerOf(answer, "allow")).toBe("GET, HEAD, OPTIONS");
    expect(JSON.parse(answer.body).error.code).toBe("method_not_allowed");
  });

  test("its header count cap is 128 fields: one more gets its own empty 400", async () => {
    const fields = (count: number) =>
      head([
        "GET /api/ping HTTP/1.1",
        "Host: localhost",
        ...Array.from({ length: count - 2 }, (_, i) => `X-Field-${i}: v`),
        "Connection: close",
      ]);
    const within = await rawRequest(denoPort, fields(128), ANSWER_MS);
    expect([within.status, within.ended]).toEqual([200, "closed"]);
    const over = await rawRequest(denoPort, fields(129), ANSWER_MS);
    expect([over.status, over.body, over.ended]).toEqual([400, "", "closed"]);
  });
});

describe("the port", () => {
  test("a second server on a port already in use fails to start instead of sharing it", async () => {
    await expect(startServer({ PORT: String(server.port) })).rejects.toThrow();
  });
});

describe("errors that escape the app", () => {
  test("still get the JSON 500 envelope, never a development page", async () => {
    const response = await fetch(`${server.url}/test/unreadable`);
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect((await response.json()).error.code).toBe("internal_error");
  });

  test("carry a request id, which the failure's log line names with its trace, and are counted", async () => {
    const response = await fetch(`${server.url}/test/unreadable`);
    const requestId = response.headers.get("x-request-id") as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const failure = server.stderr.find((text) => text.includes(requestId));
    expect(failure).toContain("A request failed outside the app's handling");
    expect(failure).toMatch(/\n\s+at /);
    const scrape = await (await fetch(`${server.metricsUrl}/metrics`)).text();
    expect(scrape).toMatch(
      /^site_http_requests_total\{route="server",method="other",status="500",client="program"\} [1-9]/m,
    );
  });

  test("but a stream the app dropped on purpose (a client that stopped reading) is neither logged nor counted", () => {
    const log = memoryLog();
    const counted: unknown[] = [];
    const handle = serverErrorHandler({ log, metrics: { request: (...args) => counted.push(args) } });
    expect(handle(new DroppedConnection("the stream ended: too_slow")).status).toBe(500);
    expect({ logged: log.errors, counted }).toEqual({ logged: [], counted: [] });
  });

  test("the server runs outside development mode", () => {
    expect(server.app.server?.development).toBe(false);
  });
});

describe("stopping", () => {
  test("lets requests in flight finish, then stops answering", async () => {
    const other = await startServer({}, { routes: routesWithSlow });
    const slow = fetch(`${other.url}/test/slow?ms=500`).then(async (r) => [r.status, await r.text()]);
    await Bun.sleep(100);
    await other.stop();
    expect(await slow).toEqual([200, "slept 500 ms\n"]);
    await expect(fetch(`${other.url}/api/ping`)).rejects.toThrow();
  });
});
