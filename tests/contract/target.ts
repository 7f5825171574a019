/**
 * The contract suite's target: a real server process, started with the very command a
 * user runs. By default `bun run start` in this checkout; `.ci/run` also points it at the
 * executable alone in an empty folder and at `deno task start`:
 *
 *   CONTRACT_COMMAND="./site" CONTRACT_CWD=/tmp/alone CONTRACT_PATH=/nonexistent bun test tests/contract
 *
 * Every target must answer byte for byte what the in-process reference app answers, so a
 * difference between runtimes fails.
 */
import { afterAll, beforeAll } from "bun:test";
import { join } from "node:path";
import { createApp } from "../../lib/http/app.ts";
import { renderer } from "../../lib/profile/terminal.ts";
import { loadConfig } from "../../lib/runtime/config.ts";
import { type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { memoryLog } from "../support/log.ts";

/** The origin every target is started with. */
export const SITE_URL = "https://rin.example";

/** The same app in this process, with the real clock: what every target must match. */
export const reference = createApp({ config: loadConfig({ SITE_URL }), log: memoryLog() });

const COMMAND = (process.env.CONTRACT_COMMAND ?? "bun run start").split(" ");
const CWD = process.env.CONTRACT_CWD ?? join(import.meta.dir, "..", "..");
/** Only PATH and HOME are passed on, as to a service: nothing else of this shell leaks in. */
const BASE_ENV = { PATH: process.env.CONTRACT_PATH ?? process.env.PATH, HOME: process.env.HOME };

/** Starts the target with `SITE_URL` and `env` set; the caller stops it. */
export function startTarget(env: Readonly<Record<string, string>> = {}): Promise<ServerProcess> {
  return startServerProcess(COMMAND, { cwd: CWD, baseEnv: BASE_ENV, env: { SITE_URL, ...env } });
}

let target: ServerProcess | undefined;

/** Call once at the top of each contract test file: starts the target before its tests, stops it after. */
export function useTarget(): void {
  beforeAll(async () => {
    target = await startTarget();
    // The text answers sent while the renderer loads carry no ETag (docs/http.md); they
    // have their own test in tests/runtime/process.test.ts. The contract is the steady
    // state, of the target and of the reference in this process alike.
    await (await remote("/api/curl")).text();
    await renderer();
  });
  afterAll(() => target?.stop());
}

/**
 * `fetch` would otherwise ask for every coding it knows and decode the answer; the
 * contract compares what was sent, so a request names its coding, identity by default.
 */
const IDENTITY = { "accept-encoding": "identity" };

/** Sends a request to the target over HTTP; the body arrives as the target encoded it. */
export function remote(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  if (!target) throw new Error("no target: call useTarget() in the test file");
  return fetch(`${target.url}${path}`, {
    ...init,
    headers: { ...IDENTITY, ...headers },
    redirect: "manual",
    decompress: false,
  });
}

/** Sends the same request to the in-process reference app. */
export function local(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  return reference.handle(
    new Request(`http://localhost${path}`, { ...init, headers: { ...IDENTITY, ...headers } }),
  );
}

/** The headers a response's contract covers; `date`, ids and transport ones excluded. */
export const CONTRACT_HEADERS = [
  "content-type",
  "cache-control",
  "etag",
  "vary",
  "content-encoding",
  "allow",
  "retry-after",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "cross-origin-resource-policy",
  "x-clacks-overhead",
] as const;

/** Status, contract headers and body, for comparing two responses in one `toEqual`. */
export async function snapshot(response: Response) {
  const headers: Record<string, string | null> = {};
  for (const name of CONTRACT_HEADERS) headers[name] = response.headers.get(name);
  return { status: response.status, headers, body: await response.text() };
}
