/** The access log's line shapes, and how its lines are batched for stdout. */
import { describe, expect, test } from "bun:test";
import { type AccessLinesOptions, accessLines } from "../../lib/runtime/access-lines.ts";

const ARRIVED = Date.parse("2026-11-21T14:05:09.000Z");

/** The lines an AccessLines writes, one string per write. */
function written(options: Partial<AccessLinesOptions> = {}) {
  const writes: string[] = [];
  const lines = accessLines({ format: "json", out: (text) => writes.push(text), ...options });
  return { lines, writes };
}

describe("a line", () => {
  const entry = {
    time: "2026-11-21T14:05:09.000Z",
    method: "GET",
    path: "/api/ping",
    status: 200,
    durationMs: 0.42,
    client: "terminal",
    requestId: "abc",
  };
  const add = (format: "json" | "pretty", method = entry.method, path = entry.path) => {
    const { lines, writes } = written({ format });
    lines.add(ARRIVED, lines.request(method, path), 200, 0.4213, "terminal", "abc");
    lines.flush();
    return writes[0] as string;
  };

  test("pretty reads left to right: time, method, path, status, duration, client, id", () => {
    expect(add("pretty")).toBe("2026-11-21T14:05:09.000Z GET /api/ping 200 0.42ms terminal abc");
  });

  test("JSON is the entry itself, its duration to the hundredth of a millisecond", () => {
    expect(JSON.parse(add("json"))).toEqual(entry);
  });

  test("JSON stays valid whatever the request's method and path hold, control bytes made printable", () => {
    const line = JSON.parse(add("json", 'G"T', '/a"b\\c\u0001\u001b[2J'));
    expect(line).toMatchObject({ method: 'G"T', path: '/a"b\\c%01%1B[2J' });
  });

  test("each entry keeps its own arrival time and duration when a batch formats them", () => {
    const { lines, writes } = written();
    const request = lines.request("GET", "/");
    lines.add(ARRIVED, request, 200, 1, "program", "a");
    lines.add(ARRIVED + 1500, request, 404, 2.5, "browser", "b");
    lines.flush();
    const parsed = (writes[0] as string).split("\n").map((line) => JSON.parse(line));
    expect(parsed.map(({ time, status, durationMs, client }) => [time, status, durationMs, client])).toEqual([
      ["2026-11-21T14:05:09.000Z", 200, 1, "program"],
      ["2026-11-21T14:05:10.500Z", 404, 2.5, "browser"],
    ]);
  });
});

describe("batches", () => {
  const addAll = (lines: ReturnType<typeof written>["lines"], ids: string[]) => {
    for (const id of ids) lines.add(ARRIVED, lines.request("GET", "/"), 200, 0, "program", id);
  };
  const idsOf = (text: string) => text.split("\n").map((line) => JSON.parse(line).requestId);

  test("entries added within the delay go out in one write, in order", async () => {
    const { lines, writes } = written();
    addAll(lines, ["a", "b", "c"]);
    expect(writes).toEqual([]);
    await Bun.sleep(40);
    expect(writes.map(idsOf)).toEqual([["a", "b", "c"]]);
  });

  test("flush writes what is queued at once, and nothing when nothing is", () => {
    const { lines, writes } = written();
    addAll(lines, ["before exit"]);
    lines.flush();
    lines.flush();
    expect(writes.map(idsOf)).toEqual([["before exit"]]);
  });

  test("a full queue is written without waiting, and the next entry starts a new batch", async () => {
    const { lines, writes } = written({ capacity: 3 });
    addAll(lines, ["1", "2", "3", "4"]);
    expect(writes.map(idsOf)).toEqual([["1", "2", "3"]]);
    await Bun.sleep(40);
    expect(writes.map(idsOf)).toEqual([["1", "2", "3"], ["4"]]);
  });
});
