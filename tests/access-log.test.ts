/** The access log's format choice and line shapes. */
import { describe, expect, test } from "bun:test";
import { type AccessEntry, formatAccess, logFormat, withAccessLog } from "../lib/access-log.ts";
import { ConfigError } from "../lib/config.ts";

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

const entry: AccessEntry = {
  time: "2026-11-21T14:05:09.000Z",
  method: "GET",
  path: "/api/ping",
  status: 200,
  durationMs: 0.42,
  client: "terminal",
  requestId: "abc",
};

test("a pretty line reads left to right: time, method, path, status, duration, client, id", () => {
  expect(formatAccess(entry, "pretty")).toBe(
    "2026-11-21T14:05:09.000Z GET /api/ping 200 0.42ms terminal abc",
  );
});

test("a JSON line is the entry itself", () => {
  expect(JSON.parse(formatAccess(entry, "json"))).toEqual(entry);
});

test("a JSON line stays valid JSON whatever the path holds: quotes, backslashes, control bytes", () => {
  const hostile = { ...entry, method: 'G"T', path: '/a"b\\c\u0001\u001b[2J' };
  expect(JSON.parse(formatAccess(hostile, "json"))).toEqual(hostile);
});

test("a handler that throws becomes the 500 envelope, logged with its status", async () => {
  const lines: string[] = [];
  const errors = console.error;
  console.error = () => {};
  try {
    const fetch = withAccessLog(
      () => {
        throw new Error("boom");
      },
      { format: "json", write: (line) => lines.push(line), newId: () => "id-1" },
    );
    const response = await fetch(new Request("http://localhost/api/x"));
    expect(response.status).toBe(500);
    expect((await response.json()).error.code).toBe("internal_error");
    expect(response.headers.get("x-request-id")).toBe("id-1");
    expect(JSON.parse(lines[0] as string)).toMatchObject({ status: 500, path: "/api/x", requestId: "id-1" });
  } finally {
    console.error = errors;
  }
});

test("an immutable response still gets its X-Request-Id", async () => {
  const immutable = Response.redirect("http://localhost/elsewhere", 302);
  const fetch = withAccessLog(() => immutable, { format: "json", write: () => {}, newId: () => "id-2" });
  const response = await fetch(new Request("http://localhost/"));
  expect(response.status).toBe(302);
  expect(response.headers.get("x-request-id")).toBe("id-2");
});

test("a route the server's router matched is logged as matched, without reading the request's URL", async () => {
  const lines: string[] = [];
  const fetch = withAccessLog(() => new Response("ok"), {
    format: "json",
    write: (line) => lines.push(line),
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
  expect(JSON.parse(lines[0] as string)).toMatchObject({ method: "HEAD", path: "/api/now", status: 200 });
});
