/**
 * @module Builds compared in one run, as `bench/memory.ts` and `bench/start-up.ts` do when
 * run alone: `[--runs N] EXECUTABLE...` read and checked, then each executable measured
 * in turns, every one reading the stand-in live source.
 */
import { CONSOLE, readCommandLine, refuse } from "../lib/runtime/command-line.ts";
import { startLiveSource } from "./live-source.ts";

export interface BuildComparison<Measured> {
  /** How it is run, e.g. `bun run bench/start-up.ts`: begins the one line a usage error gets. */
  readonly name: string;
  /** What it does, for `--help`, which adds the usage line, the options and the exit status. */
  readonly what: string;
  /** Measurements of each executable without `--runs`. */
  readonly defaultRuns: number;
  /** One measurement of `executable`, which `env` points at the live source. */
  measure(executable: string, env: Record<string, string>): Promise<Measured>;
}

/**
 * Reads the command line and measures every executable given, `--runs` times each, and
 * resolves with each one's measurements, in the order given. `--help` and a usage error
 * (no executable, a `--runs` that is not a whole number over 0) exit, the error with one
 * line and status 2.
 *
 * @example
 * const { runs, measured } = await compareBuilds({ name, what, defaultRuns: 25, measure });
 */
export async function compareBuilds<Measured>(
  comparison: BuildComparison<Measured>,
): Promise<{ runs: number; measured: Map<string, Measured[]> }> {
  const { name, what, defaultRuns, measure } = comparison;
  const usage = `usage: ${name} [--runs N] EXECUTABLE...

${what}

Options:
  --runs N    starts of each executable (default ${defaultRuns})
  -h, --help  this text

Exit status:
  0  measured
  2  a usage error: no executable, or --runs not a whole number over 0`;
  const command = { name, usage, options: { runs: { type: "string" } }, positionals: true } as const;
  const read = readCommandLine(process.argv.slice(2), command, CONSOLE);
  if (read.exit !== undefined) process.exit(read.exit);
  const { runs: runsGiven = String(defaultRuns) } = read.values;
  if (!/^\d+$/.test(runsGiven) || Number(runsGiven) === 0)
    process.exit(refuse(command, CONSOLE, "--runs takes a whole number over 0"));
  const runs = Number(runsGiven);
  const executables = read.positionals;
  if (executables.length === 0) process.exit(refuse(command, CONSOLE, "no executable given"));

  const measured = new Map<string, Measured[]>(executables.map((executable) => [executable, []]));
  const live = startLiveSource();
  try {
    // In turns, so that a busy moment of the machine falls on every build alike.
    for (let run = 0; run < runs; run++) {
      for (const executable of executables)
        measured.get(executable)?.push(await measure(executable, live.env));
    }
  } finally {
    live.stop();
  }
  return { runs, measured };
}
