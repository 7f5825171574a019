/**
 * @module Exec to the first 200 from `/api/ping`, from a warm page cache: the median over
 * a number of starts.
 *
 *   bun run bench/start-up.ts EXECUTABLE...            each one, in turns, over 25 starts
 *   bun run bench/start-up.ts --runs 50 A B            over 50
 *
 * `bun run bench` holds the shipped executable to its target with it; run alone, it
 * compares builds in the same run.
 */
import { startServerProcess } from "../scripts/loopback.ts";
import { median } from "./cases.ts";
import { compareBuilds } from "./compare-builds.ts";

/** Exec → first 200 of `command`, once, in ms; the server polled every millisecond. */
async function startTime(command: readonly string[], env?: Record<string, string>): Promise<number> {
  const server = await startServerProcess([...command], { pollMs: 1, env });
  await server.stop();
  return server.startMs;
}

/** Median exec → first 200 of `command` (with `env` added), over `runs` starts. */
export async function startTimes(
  command: readonly string[],
  runs: number,
  env?: Record<string, string>,
): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await startTime(command, env));
  return median(times);
}

/** Starts of each executable without `--runs`. */
const DEFAULT_RUNS = 25;

if (import.meta.main) {
  const { runs, measured } = await compareBuilds({
    name: "bun run bench/start-up.ts",
    what: `Starts each executable in turns, the page cache warm, and prints the median
time from exec to its first 200 from /api/ping.`,
    defaultRuns: DEFAULT_RUNS,
    measure: (executable, env) => startTime([executable], env),
  });
  console.log(`exec → first 200, median of ${runs} starts`);
  for (const [executable, times] of measured) console.log(`${executable}: ${median(times).toFixed(1)} ms`);
}
