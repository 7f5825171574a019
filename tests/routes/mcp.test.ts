/**
 * `/mcp` before and around its SDK: whatever a stranger sends gets a JSON-RPC error with
 * a 4xx, never a 500 nor the site's envelope; the limits a client meets (429 and 503 with
 * `Retry-After`), counted and logged.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { LIMITS } from "../../lib/http/limits.ts";
import { as, SITE_URL, send, testApp, testSite } from "../support/app.ts";
import { samplesOf, total } from "../support/exposition.ts";
import type { MemoryLog } from "../support/log.ts";
import { rawRequest, startServer, type TestServer } from "../support/server.ts";

/** What an MCP client sends beside its message. */
const MCP_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "user-agent": "mcp-test/1.0",
};

const app = testApp();

const post = (body: string, headers: Record<string, string> = {}, on = app) =>
  send(on, "/mcp", { ...MCP_HEADERS, ...headers }, { method: "POST", body });

const message = (method: string, params?: object, id = 1) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, ...(params && { params }) });

/** The JSON-RPC answer of a response, whether JSON or one event of an event stream. */
async function answerOf(
  response: Response,
): Promise<{ id?: unknown; result?: unknown; error?: { code: number; message: string } }> {
  const text = await response.text();
  const data = response.headers.get("content-type")?.startsWith("text/event-stream")
    ? text
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5))
        .join("")
    : text;
  return JSON.parse(data);
}

describe("refused before the SDK, in JSON-RPC's words", () => {
  test.each([
    ["malformed JSON", "{not json", {}, 400, -32700],
    ["a batch", `[${message("ping")}]`, {}, 400, -32600],
    [
      "an Origin that is not the site's (DNS rebinding)",
      message("ping"),
      { origin: "http://evil.example" },
      403,
      -32000,
    ],
    ["an Origin of null", message("ping"), { origin: "null" }, 403, -32000],
    [
      "a body over the site's limit",
      JSON.stringify({ padding: "x".repeat(LIMITS.bodyBytes) }),
      {},
      413,
      -32000,
    ],
  ] as const)(
    "%s: %d, code %d, no result, the site's headers",
    async (_name, body, headers, status, code) => {
      const response = await post(body, headers);
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const answer = await answerOf(response);
      expect(answer).toMatchObject({ jsonrpc: "2.0", id: null, error: { code } });
      expect(answer.result).toBeUndefined();
    },
  );

  test("a Content-Length that is not a number: 400 in JSON-RPC, not the envelope", async () => {
    const response = await post(message("ping"), { "content-length": "lots" });
    expect(response.status).toBe(400);
    expect(await answerOf(response)).toMatchObject({ error: { code: -32600 } });
  });

  test("the site's own origin is let in, as a page of the site would send it", async () => {
    const response = await post(message("ping"), { origin: new URL(SITE_URL).origin });
    expect(response.status).toBe(200);
    expect(await answerOf(response)).toMatchObject({ id: 1, result: {} });
  });

  test("a method that would hold a stream open is refused: nothing here changes while a client waits", async () => {
    const response = await post(message("subscriptions/listen", { filter: {} }, 7));
    expect(await answerOf(response)).toMatchObject({ id: 7, error: { code: -32601 } });
  });
});

describe("refused by the SDK, still in JSON-RPC and with the site's headers", () => {
  test.each([
    ["an Accept without text/event-stream", message("ping"), { accept: "application/json" }, 406, -32000],
    ["a Content-Type that is not JSON", message("ping"), { "content-type": "text/plain" }, 415, -32000],
    ["JSON that is no JSON-RPC message", JSON.stringify({ hello: "world" }), {}, 400, -32600],
  ] as const)("%s: %d, code %d", async (_name, body, headers, status, code) => {
    const response = await post(body, headers);
    expect(response.status).toBe(status);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await answerOf(response)).toMatchObject({ error: { code } });
  });

  test.each([
    ["an unknown method", message("teleport"), -32601],
    ["an unknown tool", message("tools/call", { name: "delete_everything", arguments: {} }), -32602],
    ["an unknown resource", message("resources/read", { uri: "https://rin.example/etc/passwd" }), -32602],
  ] as const)("%s: an error with the request's id", async (_name, body, code) => {
    const response = await post(body);
    expect(response.status).toBe(200);
    expect(await answerOf(response)).toMatchObject({ id: 1, error: { code } });
  });

  test("wrong arguments: the tool does not run, and says why", async () => {
    const response = await post(message("tools/call", { name: "search", arguments: { query: 42 } }));
    const { result } = (await answerOf(response)) as {
      result: { isError: boolean; content: { text: string }[] };
    };
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain("/query");
  });

  test("a notification is accepted with 202 and no body", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
  });
});

describe("no stream, no session", () => {
  test.each(["GET", "DELETE", "PUT"])("%s /mcp is 405, allowing POST", async (method) => {
    const response = await send(app, "/mcp", MCP_HEADERS, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")?.split(", ")).toEqual(["POST", "OPTIONS"]);
  });

  test("an answer names no session", async () => {
    const response = await post(
      message("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    const { result } = (await answerOf(response)) as {
      result: { capabilities: Record<string, { listChanged?: boolean }> };
    };
    expect(result.capabilities.tools?.listChanged).toBe(false);
  });
});

test("each message answered is logged in one line, with the method, the tool and its time", async () => {
  const { app: logged, site } = testSite();
  await post(message("tools/call", { name: "get_status", arguments: {} }), {}, logged);
  const events = (site.log as MemoryLog).events.filter(({ name }) => name === "mcp");
  expect(events).toHaveLength(1);
  expect(events[0]?.fields).toMatchObject({ method: "tools/call", tool: "get_status", status: 200 });
  expect(events[0]?.fields.durationMs).toBeNumber();
});

/** What `server` counts of `/mcp`: `name`'s total with `labels`. */
async function counted(server: TestServer, name: string, labels: Record<string, string>): Promise<number> {
  return total(samplesOf(await (await fetch(`${server.metricsUrl}/metrics`)).text()), name, labels);
}

describe("on a real server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test("a chunked body over the limit: 413 in JSON-RPC, the body read no further", async () => {
    const chunk = "x".repeat(16 * 1024);
    const chunks = Array.from({ length: 8 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("");
    const answer = await rawRequest(
      server.port,
      `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks}0\r\n\r\n`,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    expect(await counted(server, "site_mcp_refusals_total", { reason: "too_large" })).toBe(1);
  });

  test(
    "a body trickled slower than its deadline: 408 in JSON-RPC, the request held no longer",
    async () => {
      const socket = connect(server.port, "127.0.0.1");
      let answer = "";
      socket.setEncoding("utf8").on("data", (chunk: string) => {
        answer += chunk;
      });
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 200\r\n\r\n{"jsonrpc":`,
      );
      const began = performance.now();
      while (!answer.includes("\r\n\r\n{") && performance.now() - began < LIMITS.bodyMs + 3000)
        await Bun.sleep(50);
      socket.destroy();
      expect(answer).toStartWith("HTTP/1.1 408");
      expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({
        error: { code: -32000 },
      });
      expect(await counted(server, "site_mcp_refusals_total", { reason: "too_slow" })).toBe(1);
    },
    LIMITS.bodyMs + 5000,
  );

  test("a client over its rate: 429 with Retry-After, counted; the metrics say what was answered", async () => {
    const limited = await startServer({ MCP_CALLS_PER_MINUTE: "2", MCP_CALLS_MAX_PER_MINUTE: "100" });
    try {
      const remote = (body: string) =>
        fetch(`${limited.url}/mcp`, { method: "POST", headers: MCP_HEADERS, body });
      expect((await remote(message("ping"))).status).toBe(200);
      expect(
        (await remote(message("tools/call", { name: "search", arguments: { query: "python" } }))).status,
      ).toBe(200);
      const refused = await remote(message("ping"));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await answerOf(refused)).toMatchObject({ error: { code: -32000 } });
      const samples = samplesOf(await (await fetch(`${limited.metricsUrl}/metrics`)).text());
      expect(total(samples, "site_mcp_refusals_total", { reason: "per_client" })).toBe(1);
      expect(total(samples, "site_mcp_messages_total", { method: "tools/call" })).toBe(1);
      expect(total(samples, "site_mcp_messages_total", { method: "ping" })).toBe(1);
      expect(total(samples, "site_mcp_tool_calls_total", { tool: "search" })).toBe(1);
      expect(total(samples, "site_mcp_tool_calls_total", { tool: "get_profile" })).toBe(0);
    } finally {
      await limited.stop();
    }
  });

  test("a client that leaves with its body half sent: a 400 counted as cut off, never a failure", async () => {
    const other = await startServer();
    try {
      const socket = connect(other.port, "127.0.0.1");
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"jsonrpc":`,
      );
      await Bun.sleep(200);
      socket.destroy();
      const counted = async () =>
        total(
          samplesOf(await (await fetch(`${other.metricsUrl}/metrics`)).text()),
          "site_mcp_refusals_total",
          {
            reason: "cut_off",
          },
        );
      for (let tries = 0; (await counted()) === 0 && tries < 100; tries++) await Bun.sleep(20);
      expect(await counted()).toBe(1);
      expect(other.stderr).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  test("everyone over the rate in all: 503 with Retry-After", async () => {
    const busy = await startServer({ MCP_CALLS_PER_MINUTE: "100", MCP_CALLS_MAX_PER_MINUTE: "1" });
    try {
      const call = () =>
        fetch(`${busy.url}/mcp`, { method: "POST", headers: MCP_HEADERS, body: message("ping") });
      expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).not.toBeNull();
    } finally {
      await busy.stop();
    }
  });
});

test("a terminal asking /mcp with curl and no body is told what is wrong in one JSON-RPC line", async () => {
  const response = await send(app, "/mcp", as.curl, { method: "POST" });
  expect(response.status).toBe(400);
  expect(await answerOf(response)).toMatchObject({ error: { code: -32700 } });
});
