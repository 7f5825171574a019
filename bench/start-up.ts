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
import { CONSOLE, readCommandLine, USAGE_ERROR } from "../lib/runtime/command-line.ts";
import { startServerProcess } from "../scripts/loopback.ts";
import { median } from "./cases.ts";
import { startLiveSource } from "./live-source.ts";

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

if (import.meta.main) {
  const command = {
    name: "bun run bench/start-up.ts",
    usage: `usage: bun run bench/start-up.ts [--runs N] EXECUTABLE...

Starts each executable in turns, the page cache warm, and prints the median
time from exec to its first 200 from /api/ping.

Options:
  --runs N    starts of each executable (default 25)
  -h, --help  this text

Exit status:
  0  measured
  2  a usage error: no executable`,
    options: { runs: { type: "string" } },
    positionals: true,
  } as const;
  const read = readCommandLine(process.argv.slice(2), command, CONSOLE);
  if (read.exit !== undefined) process.exit(read.exit);
  const executables = read.positionals;
  if (executables.length === 0) {
    console.error(`${command.name}: no executable given; see ${command.name} --help`);
    process.exit(USAGE_ERROR);
  }
  const runs = Number(read.values.runs ?? 25);
  const times = new Map<string, number[]>(executables.map((executable) => [executable, []]));
  const live = startLiveSource();
  // In turns, so that a busy moment of the machine falls on every build alike.
  for (let run = 0; run < runs; run++) {
    for (const executable of executables) {
      times.get(executable)?.push(await startTime([executable], live.env));
    }
  }
  live.stop();
  console.log(`exec → first 200, median of ${runs} starts`);
  for (const [executable, of] of times) console.log(`${executable}: ${median(of).toFixed(1)} ms`);
}
