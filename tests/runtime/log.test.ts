/** The log's line shapes, how request lines are written together, and how events keep their place. */
import { describe, expect, test } from "bun:test";
import { type AccessEntry, BATCH_MS, createLog, type LogOptions } from "../../lib/runtime/log.ts";

const ARRIVED = Date.parse("2026-11-21T14:05:09.000Z");

/** A 200 for `GET /` from a program, with this request id. */
const served = (requestId: string): AccessEntry => ({
  arrivedAtMs: ARRIVED,
  method: "GET",
  path: "/",
  status: 200,
  durationMs: 0,
  client: "program",
  requestId,
});

/** A log whose writes are kept, one string per write. */
function written(options: Partial<LogOptions> = {}) {
  const writes: string[] = [];
  const failures: string[] = [];
  const log = createLog({
    format: "json",
    out: (text) => writes.push(text),
    err: (text) => failures.push(text),
    ...options,
  });
  return { log, writes, failures };
}

describe("a request's line", () => {
  const entry = {
    time: "2026-11-21T14:05:09.000Z",
    method: "GET",
    path: "/api/ping",
    status: 200,
    durationMs: 0.42,
    client: "terminal",
    requestId: "abc",
  };
  const line = (format: "json" | "pretty", method = entry.method, path = entry.path) => {
    const { log, writes } = written({ format });
    log.access({ ...served("abc"), method, path, durationMs: 0.4213, client: "terminal" });
    log.flush();
    return writes[0] as string;
  };

  test("pretty reads left to right: time, method, path, status, duration, client, id", () => {
    expect(line("pretty")).toBe("2026-11-21T14:05:09.000Z GET /api/ping 200 0.42ms terminal abc");
  });

  test("JSON is the entry itself, its duration to the hundredth of a millisecond", () => {
    expect(JSON.parse(line("json"))).toEqual(entry);
  });

  test("JSON stays valid whatever the request's method and path hold, control bytes made printable", () => {
    const parsed = JSON.parse(line("json", 'G"T', '/a"b\\c\u0001\u001b[2J'));
    expect(parsed).toMatchObject({ method: 'G"T', path: '/a"b\\c%01%1B[2J' });
  });

  test("each entry keeps its own arrival time and duration when written with others", () => {
    const { log, writes } = written();
    log.access({ ...served("a"), durationMs: 1 });
    log.access({
      ...served("b"),
      arrivedAtMs: ARRIVED + 1500,
      status: 404,
      durationMs: 2.5,
      client: "browser",
    });
    log.flush();
    const parsed = (writes[0] as string).split("\n").map((text) => JSON.parse(text));
    expect(parsed.map(({ time, status, durationMs, client }) => [time, status, durationMs, client])).toEqual([
      ["2026-11-21T14:05:09.000Z", 200, 1, "program"],
      ["2026-11-21T14:05:10.500Z", 404, 2.5, "browser"],
    ]);
  });
});

describe("written together", () => {
  const idsOf = (text: string) => text.split("\n").map((line) => JSON.parse(line).requestId);

  test(`lines of requests within ${BATCH_MS} ms go out in one write, in order`, async () => {
    const { log, writes } = written();
    for (const id of ["a", "b", "c"]) log.access(served(id));
    expect(writes).toEqual([]);
    await Bun.sleep(BATCH_MS * 2);
    expect(writes.map(idsOf)).toEqual([["a", "b", "c"]]);
  });

  test("flush writes what waits at once, and nothing when nothing does", () => {
    const { log, writes } = written();
    log.access(served("before exit"));
    log.flush();
    log.flush();
    expect(writes.map(idsOf)).toEqual([["before exit"]]);
  });
});

describe("events and failures", () => {
  test("an event is one JSON line with its time and name, after the requests waiting before it", () => {
    const { log, writes } = written();
    log.access(served("first"));
    log.event("indexnow.submission", { outcome: "accepted" }, "IndexNow: accepted");
    expect(JSON.parse(writes[0] as string).requestId).toBe("first");
    expect(JSON.parse(writes[1] as string)).toEqual({
      time: expect.any(String),
      event: "indexnow.submission",
      outcome: "accepted",
    });
  });

  test("a pretty event reads as its sentence, or as its name and fields without one", () => {
    const { log, writes } = written({ format: "pretty" });
    log.event("listening", { port: 3000 }, "listening on 3000");
    log.event("indexnow.submission", { outcome: "accepted" });
    expect(writes[0]).toMatch(/^\S+Z listening on 3000$/);
    expect(writes[1]).toMatch(/^\S+Z indexnow.submission \{"outcome":"accepted"\}$/);
  });

  test("a failure goes to stderr with its stack trace, after the lines waiting before it", () => {
    const { log, writes, failures } = written();
    log.access({ ...served("x"), path: "/boom", status: 500 });
    log.error("GET /boom failed", new Error("boom"));
    expect(writes).toHaveLength(1);
    expect(failures[0]).toMatch(/GET \/boom failed: Error: boom\n\s+at /);
  });
});
