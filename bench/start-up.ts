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
import { parseArgs } from "node:util";
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
  const { values, positionals: executables } = parseArgs({
    options: { runs: { type: "string", default: "25" } },
    allowPositionals: true,
  });
  const times = new Map<string, number[]>(executables.map((executable) => [executable, []]));
  const live = startLiveSource();
  // In turns, so that a busy moment of the machine falls on every build alike.
  for (let run = 0; run < Number(values.runs); run++) {
    for (const executable of executables) {
      times.get(executable)?.push(await startTime([executable], live.env));
    }
  }
  live.stop();
  console.log(`exec → first 200, median of ${values.runs} starts`);
  for (const [executable, of] of times) console.log(`${executable}: ${median(of).toFixed(1)} ms`);
}
