/**
 * Drives a server with a real load generator and parses what it reports: `wrk` when
 * it is installed (Debian's package), otherwise `autocannon` from npm.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { onLoadCore } from "./cores.ts";

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly seconds: number;
  readonly connections: number;
}

export const GENERATOR = spawnSync("wrk", ["--version"]).error ? "autocannon" : "wrk";

const toMs = (value: string, unit: string) =>
  Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? Number.NaN);

/** A command run on the load generator's core, and what it prints; two can run at once. */
export function runOnLoadCore(command: readonly string[]): { child: ChildProcess; output: Promise<string> } {
  const [file, ...args] = onLoadCore(command);
  const child = spawn(file as string, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  const output = new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", () => resolve(out));
  });
  return { child, output };
}

/** wrk's arguments for one run of `seconds`. */
export function wrkArgs({ url, headers, seconds, connections }: LoadOptions): string[] {
  const args = ["wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  return args;
}

/** What wrk reports: requests, their rate over its own run time, latency and errors. */
export function parseWrk(out: string): LoadResult {
  const latency = (pct: string) => {
    const match = out.match(new RegExp(`^\\s+${pct}%\\s+([\\d.]+)(us|ms|s)$`, "m"));
    return match ? toMs(match[1] as string, match[2] as string) : Number.NaN;
  };
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? Number.NaN),
    requests: Number(out.match(/(\d+) requests in/)?.[1] ?? 0),
    p50Ms: latency("50"),
    p99Ms: latency("99"),
    errors: non2xx + socketErrors,
  };
}

async function wrk(options: LoadOptions): Promise<LoadResult> {
  return parseWrk(await runOnLoadCore(wrkArgs(options)).output);
}

async function autocannon({ url, headers, seconds, connections }: LoadOptions): Promise<LoadResult> {
  const args = ["--yes", "autocannon@8.0.0", "-j", "-c", String(connections), "-d", String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  const report = JSON.parse(await runOnLoadCore(["npx", ...args, url]).output);
  return {
    requestsPerSecond: report.requests.average,
    requests: report.requests.total,
    p50Ms: report.latency.p50,
    p99Ms: report.latency.p99,
    errors: report.errors + report.non2xx,
  };
}

export function load(options: LoadOptions): Promise<LoadResult> {
  return GENERATOR === "wrk" ? wrk(options) : autocannon(options);
}
