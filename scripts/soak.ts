/**
 * Soak test: the server from source (`bun server.ts`, what `bun run start` runs) on a loopback port, driven
 * at full speed across every GET endpoint by a mix of client classes for a bounded time,
 * while its live source, a stand-in GitHub on loopback read every second, fails in every
 * way in turn: 500, a rate limit, garbage, a body that never ends, no answer at all.
 * Reports requests, errors and the server's resident memory over time; exits non-zero
 * on any error or when memory keeps growing after warm-up.
 *
 *   bun run soak                # 60 s, 64 connections
 *   SOAK_SECONDS=10 SOAK_CONNECTIONS=16 bun run soak
 */
import { join } from "node:path";
import { OPENAPI_PATH } from "../lib/docs/paths.ts";
import { CONSOLE, readCommandLine } from "../lib/runtime/command-line.ts";
import { EVENTS, type GithubAnswer, startGithub } from "../tests/support/github.ts";
import { startServerProcess } from "./loopback.ts";
import { serverGetPaths } from "./served-paths.ts";

const COMMAND = {
  name: "bun run soak",
  usage: `usage: bun run soak

Drives the server from source at full speed over every GET endpoint for a
while, its live source failing in every way in turn, and reports requests,
errors and resident memory every 5 s. SOAK_SECONDS (default 60) and
SOAK_CONNECTIONS (default 64) set how long and how hard.

Options:
  -h, --help  this text

Exit status:
  0  no error, and memory flat after warm-up
  1  an error answer, or memory that kept growing
  2  a usage error`,
  options: {},
  positionals: false,
} as const;
const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
if (read.exit !== undefined) process.exit(read.exit);

const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 64);

/** Every way the live source fails, in turn, a second or two each; and a good answer among them. */
const FAILURES: GithubAnswer[] = [
  { kind: "status", status: 500 },
  { kind: "status", status: 429, headers: { "retry-after": "1" } },
  { kind: "garbage" },
  { kind: "not-events" },
  { kind: "endless" },
  { kind: "hang" },
  { kind: "events", events: [EVENTS.push(new Date().toISOString())], headers: { "x-poll-interval": "1" } },
];
const github = startGithub(FAILURES[0]);
let failure = 0;
const turns = setInterval(() => github.answer(FAILURES[++failure % FAILURES.length] as GithubAnswer), 1500);

// The server itself, not `bun run start`, whose script runner is a process of its own.
const server = await startServerProcess(["bun", "server.ts"], {
  cwd: join(import.meta.dir, ".."),
  env: {
    GITHUB_API_URL: github.url,
    GITHUB_LOGIN: "soak-owner",
    LIVE_REFRESH_SECONDS: "1",
    LIVE_TIMEOUT_MS: "500",
  },
});
const base = server.url;

/**
 * Every GET route in routes/ as a person tries it at this server (its owner, its origin),
 * the docs, an unknown path, and text with switches: each pass asks for another width and
 * palette, so a cache of variants that grew would show here.
 */
const PATHS = [
  ...serverGetPaths(server.env),
  "/api/curl?nocolor",
  "/?format=3",
  "/?format=%25n+%25t+%25a&A",
  "/api/docs",
  OPENAPI_PATH,
  "/api/nope",
];
const PALETTES = ["", "&truecolor", "&theme=dark", "&theme=light&truecolor", "&nocolor"];
const withSwitches = (i: number) => `/api/curl?width=${40 + (i % 161)}${PALETTES[i % PALETTES.length]}`;
const CLIENTS: Record<string, string>[] = [
  { "user-agent": "curl/8.5.0", accept: "*/*" },
  { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0", accept: "text/html,*/*;q=0.8" },
  { "user-agent": "python-requests/2.31.0", accept: "*/*" },
  { "user-agent": "HTTPie/3.2.2", accept: "application/json, */*;q=0.5" },
  { "user-agent": "curl/8.5.0", accept: "application/json" },
  { "user-agent": "Better Uptime Bot", accept: "application/health+json" },
  {},
];

let requests = 0;
let errors = 0;
const statuses = new Map<number, number>();

async function worker(id: number, until: number) {
  let i = id;
  while (Date.now() < until) {
    const path = i % 4 === 0 ? withSwitches(i) : (PATHS[i % PATHS.length] as string);
    const headers = CLIENTS[Math.floor(i / PATHS.length) % CLIENTS.length] as Record<string, string>;
    i++;
    try {
      const response = await fetch(`${base}${path}`, { headers });
      await response.arrayBuffer();
      const expected = path === "/api/nope" ? 404 : 200;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status !== expected) errors++;
    } catch {
      errors++;
    }
    requests++;
  }
}

const started = Date.now();
const until = started + seconds * 1000;
const samples: { at: number; rss: number; requests: number }[] = [];
const sampler = setInterval(
  () => {
    const sample = {
      at: Math.round((Date.now() - started) / 1000),
      rss: server.resident().vmRssMb,
      requests,
    };
    samples.push(sample);
    console.log(
      `${String(sample.at).padStart(3)} s  ${sample.rss.toFixed(1).padStart(6)} MiB  ${requests} requests, ${errors} errors`,
    );
  },
  Math.max(1000, (seconds * 1000) / 12),
);
await Promise.all(Array.from({ length: connections }, (_, id) => worker(id, until)));
clearInterval(sampler);
clearInterval(turns);
const reads = github.requests.length;
await server.stop();
github.stop();

// Flat after warm-up: the last third's peak within 15% (or 8 MiB) of the middle third's.
const third = Math.max(1, Math.floor(samples.length / 3));
const middle = Math.max(...samples.slice(third, 2 * third).map((s) => s.rss));
const last = Math.max(...samples.slice(2 * third).map((s) => s.rss));
const flat = last <= Math.max(middle * 1.15, middle + 8);
const rate = Math.round(requests / seconds);
console.log(
  `\n${requests} requests in ${seconds} s (${rate}/s) over ${connections} connections; ${errors} errors; ` +
    `statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${reads} reads of a live source failing in ${FAILURES.length - 1} ways\n` +
    `RSS: warm-up peak ${middle.toFixed(1)} MiB, final-third peak ${last.toFixed(1)} MiB: ${flat ? "flat" : "GROWING"}`,
);
process.exit(errors === 0 && flat ? 0 : 1);
