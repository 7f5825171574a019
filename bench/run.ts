/**
 * `bun run bench`: the shipped executable against a bare `Bun.serve` that answers with
 * the very bytes and headers the app gave, per endpoint and client class, on this
 * machine, in the same run; one case of each representation again with 200 live views
 * open beside the load, and what each view holds (`bench/views-open.ts`); the first case
 * beside 50 SSH sessions, and what each holds (`bench/open-doors.ts`); the preview image's
 * first drawing, the memory after it, and the cached image under load
 * (`bench/preview-image.ts`); then its start-up time, and its memory after every
 * representation (`bench/memory.ts`). Prints the figures
 * with the targets they meet, writes them to bench/results/, and rewrites the table in
 * docs/benchmark.md.
 *
 *   bun run bench               6 rounds a case, 3 latency runs a side
 *   bun run bench --rounds 15   more rounds for a tighter figure, in more time
 *   bun run bench --long        also resident memory after a million requests
 *   bun run bench --quick       2 rounds and 1 latency run, to check the harness
 *   bun run bench --only ping   the cases whose name contains "ping"
 *
 * `--quick` and `--only` leave docs/benchmark.md as it is. How long a run takes is in
 * docs/benchmark.md (the latest) and docs/decisions/2026-11-23-bench-in-five-minutes.md.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { CONSOLE, readCommandLine } from "../lib/runtime/command-line.ts";
import { type ServerProcess, startServerProcess } from "../scripts/loopback.ts";
import { baselineClass, type Recorded, recording } from "./baseline-server.ts";
import { type BenchCase, benchCases, CASE_OPTIONS, CLIENTS, casesNamed, median, UA } from "./cases.ts";
import { onServerCore, PINNING } from "./cores.ts";
import { startLiveSource } from "./live-source.ts";
import { GENERATOR, type LoadResult, load } from "./load.ts";
import { DOCS_PATHS, measureMemory } from "./memory.ts";
import { openDoorsCosts } from "./open-doors.ts";
import { previewImageCosts } from "./preview-image.ts";
import { compileReferences } from "./reference/compile.ts";
import { type BenchResult, type CaseRow, renderReport, TARGETS } from "./report.ts";
import { CONNECTIONS, inAlternateOrder, type Pair, roundInTurns, TURNS, target } from "./rounds.ts";
import { startTimes } from "./start-up.ts";
import type { Throughput } from "./turns.ts";
import { oneOfEachRepresentation, openViews, VIEWS_OPEN, VIEWS_OPEN_ENV } from "./views-open.ts";
import { wireBytes } from "./wire-bytes.ts";

const ROOT = join(import.meta.dir, "..");
const COMMAND = {
  name: "bun run bench",
  usage: `usage: bun run bench [--rounds N] [--quick] [--long] [--only TEXT]

Builds the executable and measures it against a bare Bun.serve that sends the
same answers: throughput and p99 per case, start-up, and memory after every
representation. Prints the figures against the targets (docs/performance.md),
writes them to bench/results/ and, for a full run, to docs/benchmark.md.

Options:
  --rounds N   rounds a case (default 6; 2 with --quick)
  --quick      2 rounds, 1 latency run: checks the harness
  --long       also resident memory after a million requests
  --only TEXT  only the cases whose name contains TEXT
  -h, --help   this text

Exit status:
  0  measured, with no error answer
  1  an answer was an error, or the build failed
  2  a usage error`,
  options: {
    quick: { type: "boolean" },
    long: { type: "boolean" },
    ...CASE_OPTIONS,
  },
  positionals: false,
} as const;
const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
if (read.exit !== undefined) process.exit(read.exit);
const options = read.values;
const quick = options.quick ?? false;
const only = options.only ?? "";
const ROUNDS = Number(options.rounds ?? (quick ? 2 : 6));
const LATENCY_RUNS = quick ? 1 : 3;
const STARTS = quick ? 3 : 10;
const MEMORY_STARTS = quick ? 1 : 5;

const EXECUTABLE = join(ROOT, "dist", "site");
const live = startLiveSource();
const baselineCommand = (recorded: string) => ["bun", join(import.meta.dir, "baseline-server.ts"), recorded];

/** What the app answers each class of client at each case's path: the baseline answers exactly that. */
async function record(app: ServerProcess, cases: readonly BenchCase[]): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  for (const path of new Set(cases.map((benchCase) => benchCase.path))) {
    for (const headers of Object.values(CLIENTS)) {
      const key = `${path} ${baselineClass(headers["user-agent"], headers.accept)}`;
      // As wrk asks: no Accept-Encoding, so the body as is.
      const answer = await fetch(`${app.url}${path}`, {
        headers: { ...headers, "accept-encoding": "identity" },
      });
      recorded.push(await recording(key, answer));
    }
  }
  return recorded;
}

/** One latency run of a case: a run of 1 s of its own for each side, which turns cannot give. */
const latencyRun = (number: number, pair: Pair, benchCase: BenchCase) =>
  inAlternateOrder(
    number,
    pair,
    async (first, second): Promise<[LoadResult, LoadResult]> => [
      await load({ ...target(first, benchCase), seconds: 1 }),
      await load({ ...target(second, benchCase), seconds: 1 }),
    ],
  );

/** Both sides of every round of one case, kept in order. */
class Sides<T extends { requestsPerSecond: number; errors: number }> {
  readonly a: T[] = [];
  readonly b: T[] = [];
  add([a, b]: [T, T]): void {
    this.a.push(a);
    this.b.push(b);
  }
  get ratios(): number[] {
    return this.a.map((r, k) => r.requestsPerSecond / (this.b[k] as T).requestsPerSecond);
  }
  get errors(): number {
    return [...this.a, ...this.b].reduce((sum, r) => sum + r.errors, 0);
  }
}

/** Resident memory after the first 100k and after 1M requests to the JSON ping. */
async function rssOverLongRun(app: ServerProcess) {
  let requests = 0;
  let after100k = Number.NaN;
  const headers = { "user-agent": UA.program, accept: "*/*" };
  while (requests < 1_000_000) {
    const run = await load({ url: `${app.url}/api/ping`, headers, seconds: 1, connections: CONNECTIONS });
    requests += run.requests;
    if (Number.isNaN(after100k) && requests >= 100_000) after100k = app.resident().vmRssMb;
  }
  return { after100k, afterMillion: app.resident().vmRssMb, requests };
}

/**
 * Latency runs and rounds in turns of each case on the pair, `[app, bare]`; with a twin,
 * the control too: the bare server against a copy of itself, on `controlCase`.
 */
async function measureCases(
  cases: readonly BenchCase[],
  pair: Pair,
  control?: { twin: ServerProcess; controlCase: BenchCase },
): Promise<{ rows: CaseRow[]; control: BenchResult["control"] }> {
  const controlPair: Pair | undefined = control && [pair[1], control.twin];
  const latency = cases.map(() => new Sides<LoadResult>());
  const controlLatency = new Sides<LoadResult>();
  for (let number = 0; number < LATENCY_RUNS; number++) {
    for (const [i, benchCase] of cases.entries()) latency[i]?.add(await latencyRun(number, pair, benchCase));
    if (control && controlPair)
      controlLatency.add(await latencyRun(number, controlPair, control.controlCase));
  }
  const throughput = cases.map(() => new Sides<Throughput>());
  const controlThroughput = new Sides<Throughput>();
  for (let number = 0; number < ROUNDS; number++) {
    for (const [i, benchCase] of cases.entries())
      throughput[i]?.add(await roundInTurns(number, pair, benchCase));
    if (control && controlPair)
      controlThroughput.add(await roundInTurns(number, controlPair, control.controlCase));
    console.log(`round ${number + 1}/${ROUNDS} done`);
  }
  const p99 = (sides: Sides<LoadResult>, side: "a" | "b") => median(sides[side].map((r) => r.p99Ms));
  const rows = cases.map(({ name }, i) => {
    const rounds = throughput[i] as Sides<Throughput>;
    const runs = latency[i] as Sides<LoadResult>;
    return {
      name,
      appRps: median(rounds.a.map((r) => r.requestsPerSecond)),
      bareRps: median(rounds.b.map((r) => r.requestsPerSecond)),
      ratio: median(rounds.ratios),
      lowestRound: Math.min(...rounds.ratios),
      appP99Ms: p99(runs, "a"),
      bareP99Ms: p99(runs, "b"),
      errors: rounds.errors + runs.errors,
    };
  });
  return {
    rows,
    control: {
      ratio: median(controlThroughput.ratios),
      p99Ratio: p99(controlLatency, "a") / p99(controlLatency, "b"),
    },
  };
}

async function main(): Promise<BenchResult> {
  const began = performance.now();
  console.log("building the executable (bun run build)");
  if (spawnSync("bun", ["run", "build"], { cwd: ROOT, stdio: "ignore" }).status !== 0) {
    throw new Error("bun run build failed");
  }
  const app = await startServerProcess(onServerCore([EXECUTABLE]), {
    env: { ...live.env, ...VIEWS_OPEN_ENV },
  });
  const everyCase = await benchCases(app);
  const CASES = casesNamed(everyCase, only);
  /** The case the control (two copies of the bare server) is measured on. */
  const CONTROL_CASE = CASES[0] as BenchCase;
  console.log(
    `${CASES.length} cases, ${ROUNDS} rounds of ${TURNS.seconds} s a side in turns of ${TURNS.turnMs} ms, ` +
      `${LATENCY_RUNS} latency runs a side; ${GENERATOR}, ${CONNECTIONS} connections; ${PINNING}`,
  );
  const referenceDir = mkdtempSync(join(tmpdir(), "bench-reference-"));
  const references = await compileReferences(referenceDir);
  const memory = {
    api: await measureMemory(EXECUTABLE, { runs: MEMORY_STARTS, env: live.env }),
    withDocs: await measureMemory(EXECUTABLE, { runs: MEMORY_STARTS, extraPaths: DOCS_PATHS, env: live.env }),
    bare: await measureMemory(references.bare, { runs: MEMORY_STARTS }),
    builtIns: await measureMemory(references.builtIns, { runs: MEMORY_STARTS }),
  };
  const recordedFile = join(tmpdir(), `bench-recorded-${process.pid}.json`);
  writeFileSync(recordedFile, JSON.stringify(await record(app, everyCase)));
  const baseline = await startServerProcess(onServerCore(baselineCommand(recordedFile)));
  // A second copy of the baseline: what the rounds make of two identical servers.
  const twin = await startServerProcess(onServerCore(baselineCommand(recordedFile)));
  const wire = await wireBytes(app.url, everyCase);

  // Latency first: its runs also warm every route up on both sides before the rounds.
  const { rows, control } = await measureCases(CASES, [app, baseline], { twin, controlCase: CONTROL_CASE });
  // The same again for one case of each representation, with live views drawn beside the load.
  const views = await openViews(app);
  const withViews = await measureCases(oneOfEachRepresentation(CASES), [app, baseline]);
  views.close();
  const longRun = options.long ? await rssOverLongRun(app) : undefined;
  // A server of its own, its SSH door full, beside the same baseline.
  const doors = await openDoorsCosts(EXECUTABLE, live.env, baseline, CONTROL_CASE, ROUNDS);
  // Cold copies of their own, for the first drawing; the cached image against a bare server of its own.
  const preview = await previewImageCosts(EXECUTABLE, live.env, MEMORY_STARTS, ROUNDS);
  for (const server of [app, baseline, twin]) await server.stop();

  const start = {
    executableMs: await startTimes([EXECUTABLE], STARTS, live.env),
    bareMs: await startTimes([references.bare], STARTS),
  };
  live.stop();
  rmSync(referenceDir, { recursive: true, force: true });
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? "?",
      bun: Bun.version,
      generator: GENERATOR,
      pinning: PINNING,
    },
    method: {
      rounds: ROUNDS,
      latencyRuns: LATENCY_RUNS,
      turns: TURNS,
      connections: CONNECTIONS,
      starts: STARTS,
      memoryStarts: MEMORY_STARTS,
    },
    rows,
    wire,
    control,
    viewsOpen: {
      views: VIEWS_OPEN,
      resident: views.resident,
      perViewKib: views.perViewKib,
      rows: withViews.rows,
    },
    start,
    memory,
    longRun,
    doors,
    preview,
    minutes: (performance.now() - began) / 60_000,
  };
}

const result = await main();
const report = renderReport(result);
console.log(`\n${report.summary}`);
const stamp = result.date.replace(/[:.]/g, "-");
const partial = quick || only !== "";
mkdirSync(join(import.meta.dir, "results"), { recursive: true });
const resultsFile = join(
  import.meta.dir,
  "results",
  `${stamp}${quick ? "-quick" : ""}${only ? "-partial" : ""}.json`,
);
writeFileSync(resultsFile, `${JSON.stringify({ ...result, targets: TARGETS }, null, 2)}\n`);
console.log(`written: ${resultsFile}`);
if (!partial) {
  writeFileSync(join(ROOT, "docs", "benchmark.md"), report.markdown);
  console.log("written: docs/benchmark.md");
}
// Errors (non-2xx/3xx answers, socket errors) mean the figures are not of a working server.
if ([...result.rows, ...result.viewsOpen.rows].some((row) => row.errors > 0)) process.exit(1);
