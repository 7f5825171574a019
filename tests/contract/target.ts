/**
 * The contract suite's target: the server at `BASE_URL` (started by `.ci/run` as a real
 * process: Bun from source, the executable, Deno), or, when unset, `bun server.ts`
 * started here on a free loopback port. Every target must answer byte for byte what
 * the in-process reference app answers, so a difference between runtimes fails.
 */
import { afterAll, beforeAll } from "bun:test";
import { join } from "node:path";
import { createApp } from "../../lib/http/app.ts";
import { loadConfig } from "../../lib/runtime/config.ts";
import { freePort, waitUntilUp } from "../../scripts/loopback.ts";
import { memoryLog } from "../support/log.ts";

/** The origin every target is started with (`.ci/run` passes the same). */
export const SITE_URL = process.env.SITE_URL ?? "https://rin.example";

/** The same app in this process, with the real clock: what every target must match. */
export const reference = createApp({ config: loadConfig({ SITE_URL }), log: memoryLog() });

/** Starts `bun server.ts` on a free port; resolves with its base URL and a stop function. */
async function startFromSource() {
  const port = freePort();
  const child = Bun.spawn(["bun", "server.ts"], {
    cwd: join(import.meta.dir, "..", ".."),
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SITE_URL, LOG_FORMAT: "json" },
    // Not inherited: a server left holding the test runner's stdio would hang its reader.
    stdout: "ignore",
    stderr: "pipe",
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await child.exited;
  };
  try {
    await waitUntilUp(baseUrl);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${error}: ${await new Response(child.stderr).text()}`);
  }
  return { baseUrl, stop };
}

let baseUrl = process.env.BASE_URL?.replace(/\/+$/, "");

/**
 * Call once at the top of each contract test file: without `BASE_URL`, starts the app
 * from source before the file's tests and stops it after them.
 */
export function useTarget(): void {
  if (process.env.BASE_URL) return;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const server = await startFromSource();
    baseUrl = server.baseUrl;
    stop = server.stop;
  });
  afterAll(() => stop?.());
}

/** Sends a request to the target over HTTP. */
export function remote(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  if (!baseUrl) throw new Error("no target: set BASE_URL or call useTarget() in the test file");
  return fetch(`${baseUrl}${path}`, { ...init, headers, redirect: "manual" });
}

/** Sends the same request to the in-process reference app. */
export function local(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  return reference.handle(new Request(`http://localhost${path}`, { ...init, headers }));
}

/** The headers a response's contract covers; `date`, ids and transport ones excluded. */
export const CONTRACT_HEADERS = [
  "content-type",
  "cache-control",
  "etag",
  "vary",
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
