/**
 * The benchmark's baseline (`bench/baseline-server.ts`) is a fair floor only if it sends
 * what the app sent: the same status, headers and body for each path and client class,
 * its own `X-Request-Id` as the app gives one, and nothing it did not record.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { baselineClass, type Recorded, recording } from "../../bench/baseline-server.ts";
import { type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { as, testApp } from "../support/app.ts";

const CASES = [
  ["/api/ping", "a program", as.pythonRequests],
  ["/api/ping", "curl", as.curl],
  ["/", "curl", as.curl],
  ["/", "a browser", as.browser],
  ["/?format=3", "curl", as.curl],
  ["/?format=3", "a browser", as.browser],
  ["/", "a program", as.pythonRequests],
] as const;

const app = testApp({ random: () => 0.5 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let base = "";
let baseline: ServerProcess | undefined;
const recorded: Recorded[] = [];

beforeAll(async () => {
  for (const [path, , headers] of CASES) {
    const key = `${path} ${baselineClass(headers["user-agent"], headers.accept)}`;
    recorded.push(
      await recording(key, await app.handle(new Request(`http://localhost${path}`, { headers }))),
    );
  }
  const file = join(mkdtempSync(join(tmpdir(), "baseline-")), "recorded.json");
  writeFileSync(file, JSON.stringify(recorded));
  // It answers the JSON ping it recorded for a program, as the server does: ready when that answers.
  baseline = await startServerProcess([
    "bun",
    join(import.meta.dir, "..", "..", "bench", "baseline-server.ts"),
    file,
  ]);
  base = baseline.url;
});

afterAll(() => baseline?.stop());

const withoutRequestId = (headers: [string, string][]) => headers.filter(([name]) => name !== "x-request-id");

test.each(CASES)("GET %s for %s: the app's status, headers and body", async (path, _client, headers) => {
  const key = `${path} ${baselineClass(headers["user-agent"], headers.accept)}`;
  const expected = recorded.find((r) => r.key === key) as Recorded;
  const replayed = await recording(key, await fetch(`${base}${path}`, { headers }));
  expect(replayed.status).toBe(expected.status);
  expect(replayed.body).toBe(expected.body);
  expect(withoutRequestId(replayed.headers)).toEqual(withoutRequestId(expected.headers));
});

test("gives each response a fresh X-Request-Id, or echoes the caller's when it is safe", async () => {
  const ids = await Promise.all(
    [1, 2].map(async () =>
      (await fetch(`${base}/api/ping`, { headers: as.pythonRequests })).headers.get("x-request-id"),
    ),
  );
  for (const id of ids) expect(id).toMatch(UUID);
  expect(ids[0]).not.toBe(ids[1]);
  const echoed = await fetch(`${base}/api/ping`, {
    headers: { ...as.pythonRequests, "x-request-id": "deploy-42" },
  });
  expect(echoed.headers.get("x-request-id")).toBe("deploy-42");
});

test("reads ?nocolor as the app does, and answers 404 for what it did not record", async () => {
  for (const url of ["/?nocolor", "/?T", "/api/ping?nocolor", "/api/nope", "/?format=3&A"]) {
    const response = await fetch(`${base}${url}`, { headers: as.curl });
    expect({ url, status: response.status }).toEqual({ url, status: 404 });
  }
  // JSON has no colour to switch off: the switch leaves it recorded.
  expect((await fetch(`${base}/?nocolor`, { headers: as.pythonRequests })).status).toBe(200);
});
