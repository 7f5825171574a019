/**
 * @module What the bench measures: every GET endpoint, for each client class that changes
 * its representation, and a one-liner.
 */
import { builtInFiles } from "../lib/content/files.ts";
import { readContent } from "../lib/content/site-content.ts";

/**
 * The structured profile's path for the owner built into the executable the bench runs;
 * the handle, checked as start-up checks it, does not depend on `SITE_URL`.
 */
const PROFILE_PATH = `/api/${readContent(builtInFiles, "http://localhost").profile.handle}.json`;

export const UA = {
  curl: "curl/8.5.0",
  browser:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  program: "python-requests/2.31.0",
};

/** One endpoint, asked for by one class of client. */
export interface BenchCase {
  readonly name: string;
  readonly path: string;
  readonly headers: Record<string, string>;
}

/** Every GET endpoint, and each client class that changes its representation. */
export const ALL_CASES: readonly BenchCase[] = [
  { name: "ping, program JSON", path: "/api/ping", headers: { "user-agent": UA.program, accept: "*/*" } },
  { name: "ping, curl text", path: "/api/ping", headers: { "user-agent": UA.curl, accept: "*/*" } },
  { name: "/, curl ANSI", path: "/", headers: { "user-agent": UA.curl, accept: "*/*" } },
  { name: "/, browser", path: "/", headers: { "user-agent": UA.browser, accept: "text/html,*/*;q=0.8" } },
  { name: "/, program JSON", path: "/", headers: { "user-agent": UA.program, accept: "*/*" } },
  { name: "one-liner, curl", path: "/?format=3", headers: { "user-agent": UA.curl, accept: "*/*" } },
  { name: "curl, ANSI", path: "/api/curl", headers: { "user-agent": UA.curl, accept: "*/*" } },
  { name: "profile JSON, browser", path: PROFILE_PATH, headers: { "user-agent": UA.browser, accept: "*/*" } },
  {
    name: "profile JSON, curl pretty",
    path: PROFILE_PATH,
    headers: { "user-agent": UA.curl, accept: "*/*" },
  },
  { name: "now, browser", path: "/api/now", headers: { "user-agent": UA.browser, accept: "*/*" } },
  { name: "fortune, browser", path: "/api/fortune", headers: { "user-agent": UA.browser, accept: "*/*" } },
  { name: "roast, browser", path: "/api/roast", headers: { "user-agent": UA.browser, accept: "*/*" } },
  { name: "stack, browser", path: "/api/stack", headers: { "user-agent": UA.browser, accept: "*/*" } },
];

/** The median of some figures. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The options every command that runs the cases takes: how many rounds a case, and which cases. */
export const CASE_OPTIONS = { rounds: { type: "string" }, only: { type: "string" } } as const;

/** The cases whose name contains `only`; every case without it. */
export function casesNamed(only = ""): BenchCase[] {
  return ALL_CASES.filter(({ name }) => name.includes(only));
}
