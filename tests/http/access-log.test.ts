/** The access log's format choice, and what it logs and answers per request. */
import { describe, expect, test } from "bun:test";
import { logFormat, withAccessLog } from "../../lib/http/access-log.ts";
import { accessLines } from "../../lib/runtime/access-lines.ts";
import { ConfigError } from "../../lib/runtime/config.ts";

describe("logFormat", () => {
  test.each([
    [undefined, false, "json"],
    [undefined, true, "pretty"],
    ["", true, "pretty"],
    ["json", true, "json"],
    ["pretty", false, "pretty"],
  ] as const)("LOG_FORMAT=%p with a terminal=%p logs %s", (value, tty, expected) => {
    expect(logFormat({ LOG_FORMAT: value }, () => tty)).toBe(expected);
  });

  test("asks whether stdout is a terminal only when LOG_FORMAT leaves it open", () => {
    const asked: string[] = [];
    const terminal = () => {
      asked.push("asked");
      return true;
    };
    logFormat({ LOG_FORMAT: "json" }, terminal);
    expect(asked).toEqual([]);
    logFormat({}, terminal);
    expect(asked).toEqual(["asked"]);
  });

  test("rejects anything else, naming the variable", () => {
    expect(() => logFormat({ LOG_FORMAT: "yaml" }, () => false)).toThrow(ConfigError);
    expect(() => logFormat({ LOG_FORMAT: "yaml" }, () => false)).toThrow(/^LOG_FORMAT: /);
  });
});

/** An access log writing JSON lines to an array, flushed on demand. */
function jsonLines() {
  const written: string[] = [];
  const lines = accessLines({ format: "json", out: (text) => written.push(...text.split("\n")) });
  const entries = () => {
    lines.flush();
    return written.map((line) => JSON.parse(line));
  };
  return { lines, entries };
}

test("a handler that throws becomes the 500 envelope, logged with its status", async () => {
  const { lines, entries } = jsonLines();
  const errors = console.error;
  console.error = () => {};
  try {
    const fetch = withAccessLog(
      () => {
        throw new Error("boom");
      },
      { lines, newId: () => "id-1" },
    );
    const response = await fetch(new Request("http://localhost/api/x"));
    expect(response.status).toBe(500);
    expect((await response.json()).error.code).toBe("internal_error");
    expect(response.headers.get("x-request-id")).toBe("id-1");
    expect(entries()).toEqual([expect.objectContaining({ status: 500, path: "/api/x", requestId: "id-1" })]);
  } finally {
    console.error = errors;
  }
});

test("an immutable response still gets its X-Request-Id", async () => {
  const immutable = Response.redirect("http://localhost/elsewhere", 302);
  const fetch = withAccessLog(() => immutable, { lines: jsonLines().lines, newId: () => "id-2" });
  const response = await fetch(new Request("http://localhost/"));
  expect(response.status).toBe(302);
  expect(response.headers.get("x-request-id")).toBe("id-2");
});

test("a route the server's router matched is logged as matched, without reading the request's URL", async () => {
  const { lines, entries } = jsonLines();
  const fetch = withAccessLog(() => new Response("ok"), {
    lines,
    matched: { method: "HEAD", path: "/api/now" },
  });
  const request = new Request("http://localhost/api/now?utm=x", { method: "HEAD" });
  // Bun builds the URL on first read; the log must not be what reads it.
  Object.defineProperty(request, "url", {
    get: () => {
      throw new Error("read request.url");
    },
  });
  expect((await fetch(request)).status).toBe(200);
  expect(entries()).toEqual([expect.objectContaining({ method: "HEAD", path: "/api/now", status: 200 })]);
});

test("each request gets one entry: its client from the User-Agent, its id, and the status of an answer that came later", async () => {
  const { lines, entries } = jsonLines();
  const fetch = withAccessLog(async () => new Response("created", { status: 201 }), { lines });
  const curl = await fetch(new Request("http://localhost/a", { headers: { "user-agent": "curl/8.5.0" } }));
  const browser = await fetch(
    new Request("http://localhost/b", { headers: { "user-agent": "Mozilla/5.0", "x-request-id": "mine" } }),
  );
  expect(entries()).toEqual([
    expect.objectContaining({
      path: "/a",
      status: 201,
      client: "terminal",
      requestId: curl.headers.get("x-request-id"),
    }),
    expect.objectContaining({ path: "/b", status: 201, client: "browser", requestId: "mine" }),
  ]);
  expect(browser.headers.get("x-request-id")).toBe("mine");
});
