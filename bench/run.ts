/**
 * `bun run bench`: the app against a bare `Bun.serve` that returns the same bytes and
 * headers, per endpoint and client class, in interleaved rounds on one machine; then
 * cold start and memory. Prints one table and writes it to bench/results/.
 *
 *   bun run bench                 15 rounds per case, 1 s a side in turns of 0.1 s (about 16 minutes)
 *   bun run bench --quick         2 rounds, to check the harness
 *   bun run bench --only ping     only the cases whose name contains "ping"
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { baselineClass, type Recorded, recording } from "./baseline-server.ts";
import { onServerCore, PINNING } from "./cores.ts";
import { GENERATOR, type LoadOptions, type LoadResult, load } from "./load.ts";
import { evictFromPageCache, rssMb, type Started, start, stop } from "./processes.ts";
import { inTurns, type Throughput } from "./turns.ts";

const ROOT = join(import.meta.dir, "..");
const quick = process.argv.includes("--quick");
const ROUNDS = quick ? 2 : 15;
// A round gives each side 1 s, in turns of 0.1 s (`turns.ts`): a burst of noise from
// the host then falls on both sides of a round alike.
const TURNS = { seconds: 1, turnMs: 100 };
/** Runs of their own per side and case, for latency, which turns cannot measure. */
const LATENCY_ROUNDS = quick ? 1 : 15;
const SECONDS = 1;
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex >= 0 ? (process.argv[onlyIndex + 1] ?? "") : "";
const CONNECTIONS = 64;
const COLD_STARTS = quick ? 3 : 10;
/** The memory check: RSS after the first FIRST requests against after TOTAL. */
const FIRST = quick ? 20_000 : 100_000;
const TOTAL = quick ? 200_000 : 1_000_000;

const UA = {
  curl: "curl/8.5.0",
  browser:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  program: "python-requests/2.31.0",
};

/** Every GET endpoint, and each client class that changes its representation. */
const ALL_CASES: { name: string; path: string; headers: Record<string, string> }[] = [
  { name: "ping, program JSON", path: "/api/ping", headers: { "user-agent": UA.program, accept: "*/*" } },
  { name: "ping, curl text", path: "/api/ping", headers: { "user-agent": UA.curl, accept: "*/*" } },
  { name: "/, curl ANSI", path: "/", headers: { "user-agent": UA.curl, accept: "*/*" } },
  { name: "/, browser", path: "/", headers: { "user-agent": UA.browser, accept: "text/html,*/*;q=0.8" } },
  { name: "/, program JSON", path: "/", headers: { "user-agent": UA.program, accept: "*/*" } },
  { name: "curl, ANSI", path: "/api/curl", headers: { "user-agent": UA.curl, accept: "*/*" } },
  { name: "rin.json, browser", path: "/api/rin.json", headers: { "user-agent": UA.browser, accept: "*/*" } },
  { name: "rin.json, curl pretty", path: "/api/rin.json", headers: { "user-agent": UA.curl, accept: "*/*" } },
  { name: "now, browser", path: "/api/now", headers: { "user-agent": UA.browser, accept: "*/*" } },
  { name: "fortune, browser", path: "/api/fortune", headers: { "user-agent": UA.browser, accept: "*/*" } },
  { name: "roast, browser", path: "/api/roast", headers: { "user-agent": UA.browser, accept: "*/*" } },
  { name: "stack, browser", path: "/api/stack", headers: { "user-agent": UA.browser, accept: "*/*" } },
];

const CASES = ALL_CASES.filter((c) => c.name.includes(only));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The first and third quartiles (medians of the lower and upper halves). */
const quartiles = (values: number[]): [number, number] => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return [median(sorted.slice(0, half)), median(sorted.slice(sorted.length - half))];
};

const executable = join(ROOT, "dist", "site");
const appCommand = existsSync(executable) ? [executable] : ["bun", join(ROOT, "server.ts")];
const baselineCommand = (file: string, ...flags: string[]) => [
  "bun",
  join(import.meta.dir, "baseline-server.ts"),
  file,
  "{port}",
  ...flags,
];

/**
 * What the app answers for each case: the baseline will answer exactly that. Every case,
 * even under `--only`: the baseline's readiness check asks for the JSON ping.
 */
async function record(app: Started): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  for (const { path, headers } of ALL_CASES) {
    const key = `${path} ${baselineClass(headers["user-agent"] ?? null, headers.accept ?? null)}`;
    recorded.push(await recording(key, await fetch(`${app.base}${path}`, { headers })));
  }
  return recorded;
}

function target(server: Started, index: number): Omit<LoadOptions, "seconds"> {
  const { path, headers } = CASES[index] as (typeof CASES)[number];
  return { url: `${server.base}${path}`, headers, connections: CONNECTIONS };
}

/** One run of its own: for warm-up and latency. */
function drive(server: Started, index: number): Promise<LoadResult> {
  return load({ ...target(server, index), seconds: SECONDS });
}

/** Who goes first alternates between rounds, so neither side is always first. */
async function inAlternateOrder<T>(
  number: number,
  [a, b]: [Started, Started],
  measure: (first: Started, second: Started) => Promise<[T, T]>,
): Promise<[T, T]> {
  if (number % 2 === 0) return measure(a, b);
  const [second, first] = await measure(b, a);
  return [first, second];
}

/** One round of a case: both sides in turns (`turns.ts`). */
const round = (number: number, pair: [Started, Started], index: number) =>
  inAlternateOrder(number, pair, (first, second) =>
    inTurns(target(first, index), target(second, index), TURNS),
  );

/** One latency round of a case: a run of its own for each side. */
const latencyRound = (number: number, pair: [Started, Started], index: number) =>
  inAlternateOrder(
    number,
    pair,
    async (first, second): Promise<[LoadResult, LoadResult]> => [
      await drive(first, index),
      await drive(second, index),
    ],
  );

/** What rounds measured of two sides, `a` and `b`, round by round. */
class Pairs<T extends Throughput> {
  readonly a: T[] = [];
  readonly b: T[] = [];

  add([a, b]: [T, T]): void {
    this.a.push(a);
    this.b.push(b);
  }

  /** Per-round throughput ratios of `a` to `b`. */
  get ratios(): number[] {
    return this.a.map((r, k) => r.requestsPerSecond / (this.b[k] as T).requestsPerSecond);
  }

  get errors(): number {
    return [...this.a, ...this.b].reduce((sum, r) => sum + r.errors, 0);
  }
}

/** The median of one latency figure of one side, over its runs. */
const latencyOf = (runs: Pairs<LoadResult>, side: "a" | "b", figure: "p50Ms" | "p99Ms") =>
  median(runs[side].map((r) => r[figure]));

async function coldStarts(command: string[], env: Record<string, string> = {}): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    const started = await start(command, env);
    times.push(started.startMs);
    await stop(started);
  }
  return median(times);
}

/** RSS after the first FIRST requests and after TOTAL, on /api/ping. */
async function rssOverLongRun(
  app: Started,
): Promise<{ afterFirst: number; afterTotal: number; requests: number }> {
  let requests = 0;
  let afterFirst = Number.NaN;
  const headers = { "user-agent": UA.program, accept: "*/*" };
  while (requests < TOTAL) {
    requests += (await load({ url: `${app.base}/api/ping`, headers, seconds: 1, connections: CONNECTIONS }))
      .requests;
    if (Number.isNaN(afterFirst) && requests >= FIRST) afterFirst = rssMb(app);
  }
  return { afterFirst, afterTotal: rssMb(app), requests };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

/**
 * Starts per idle figure. Whether JavaScriptCore optimises a function before the first
 * request (TypeBox, which Elysia imports, fills a table with 256 calls) is a race with
 * its background compiler, and costs about 2 MB when it does: 7 starts show both.
 */
const IDLE_SAMPLES = 7;

interface IdleRss {
  readonly median: number;
  readonly highest: number;
}

/** RSS right after the first 200 of a fresh start, over IDLE_SAMPLES starts. */
async function idleRssMb(beforeEachStart: () => void = () => {}): Promise<IdleRss> {
  const samples: number[] = [];
  for (let i = 0; i < IDLE_SAMPLES; i++) {
    beforeEachStart();
    const started = await start(appCommand);
    samples.push(rssMb(started));
    await stop(started);
  }
  return { median: median(samples), highest: Math.max(...samples) };
}

const NOT_MEASURED: IdleRss = { median: Number.NaN, highest: Number.NaN };

/**
 * Idle RSS with the executable as the page cache holds it now (right after a build: all
 * of it, in large blocks), and as a deployed machine has it: read from disk while it runs.
 */
async function idleRss(): Promise<{ asCached: IdleRss; fromDisk: IdleRss }> {
  const asCached = await idleRssMb();
  const evict = () => evictFromPageCache(executable);
  // From source, or without GNU dd, there is no second figure.
  if (!existsSync(executable) || !evict()) return { asCached, fromDisk: NOT_MEASURED };
  const fromDisk = await idleRssMb(evict);
  return { asCached, fromDisk };
}

async function main() {
  console.log(
    `load generator: ${GENERATOR}, ${CONNECTIONS} connections, ${ROUNDS} rounds per case of ${TURNS.seconds} s a side in turns of ${TURNS.turnMs} ms, then ${LATENCY_ROUNDS} runs of ${SECONDS} s a side for latency`,
  );
  console.log(`app: ${appCommand.join(" ")}; ${PINNING}`);
  const idle = await idleRss();
  const app = await start(onServerCore(appCommand));
  const recordedFile = join(tmpdir(), `bench-recorded-${process.pid}.json`);
  writeFileSync(recordedFile, JSON.stringify(await record(app)));
  const baseline = await start(onServerCore(baselineCommand(recordedFile)));
  // A second copy of the baseline: what the rounds make of two identical servers.
  const twin = await start(onServerCore(baselineCommand(recordedFile)));
  // The same baseline sending the one recorded X-Request-Id: what a fresh id costs it.
  const replaying = await start(onServerCore(baselineCommand(recordedFile, "--replay-ids")));

  // Warm-up, discarded.
  for (let i = 0; i < CASES.length; i++)
    for (const server of [app, baseline, twin, replaying]) await drive(server, i);
  const throughput = CASES.map(() => new Pairs<Throughput>());
  const control = new Pairs<Throughput>();
  const idCost = new Pairs<Throughput>();
  for (let number = 0; number < ROUNDS; number++) {
    for (let i = 0; i < CASES.length; i++) throughput[i]?.add(await round(number, [app, baseline], i));
    control.add(await round(number, [baseline, twin], 0));
    idCost.add(await round(number, [baseline, replaying], 0));
    process.stdout.write(`round ${number + 1}/${ROUNDS} done\n`);
  }
  const latency = CASES.map(() => new Pairs<LoadResult>());
  const controlLatency = new Pairs<LoadResult>();
  for (let number = 0; number < LATENCY_ROUNDS; number++) {
    for (let i = 0; i < CASES.length; i++) latency[i]?.add(await latencyRound(number, [app, baseline], i));
    controlLatency.add(await latencyRound(number, [baseline, twin], 0));
  }
  const loadedRss = rssMb(app);

  const rows = CASES.map(({ name }, i) => {
    const rounds = throughput[i] as Pairs<Throughput>;
    const { a, b, ratios } = rounds;
    const runs = latency[i] as Pairs<LoadResult>;
    return {
      name,
      appRps: median(a.map((r) => r.requestsPerSecond)),
      bareRps: median(b.map((r) => r.requestsPerSecond)),
      ratio: median(ratios),
      /** The middle half of the rounds' ratios: how far one round's figure can be trusted. */
      ratioQuartiles: quartiles(ratios),
      ratios,
      appP50: latencyOf(runs, "a", "p50Ms"),
      appP99: latencyOf(runs, "a", "p99Ms"),
      bareP50: latencyOf(runs, "b", "p50Ms"),
      bareP99: latencyOf(runs, "b", "p99Ms"),
      errors: rounds.errors + runs.errors,
    };
  });

  const longRun = await rssOverLongRun(app);
  await stop(app);
  await stop(baseline);
  await stop(twin);
  await stop(replaying);
  const controlRatio = {
    ratio: median(control.ratios),
    ratioQuartiles: quartiles(control.ratios),
    p99Ratio: latencyOf(controlLatency, "a", "p99Ms") / latencyOf(controlLatency, "b", "p99Ms"),
  };
  const freshIdRatio = median(idCost.ratios);

  const coldStart = {
    executable: existsSync(executable) ? await coldStarts([executable]) : Number.NaN,
    bunRunStart: await coldStarts(["bun", "run", "--cwd", ROOT, "start"]),
    bareBun: await coldStarts(baselineCommand(recordedFile)),
  };

  console.log();
  console.log(
    "| case | app req/s | bare req/s | ratio | middle half of rounds | app p50 / p99 ms | bare p50 / p99 ms | p99 ×bare |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const [q1, q3] = r.ratioQuartiles;
    console.log(
      `| ${r.name} | ${fmt(r.appRps)} | ${fmt(r.bareRps)} | ${fmt(r.ratio, 2)} | ${fmt(q1, 2)}–${fmt(q3, 2)} | ${fmt(r.appP50, 2)} / ${fmt(r.appP99, 2)} | ${fmt(r.bareP50, 2)} / ${fmt(r.bareP99, 2)} | ${fmt(r.appP99 / r.bareP99, 2)} |`,
    );
  }
  console.log();
  const [c1, c3] = controlRatio.ratioQuartiles;
  console.log(
    `control, two copies of the bare server in the same rounds (${CASES[0]?.name}): ${fmt(controlRatio.ratio, 2)}, middle half of rounds ${fmt(c1, 2)}–${fmt(c3, 2)}; p99 ${fmt(controlRatio.p99Ratio, 2)}×`,
  );
  console.log(
    `the baseline's fresh X-Request-Id per response (${CASES[0]?.name}): ${fmt(freshIdRatio, 2)}× the req/s of replaying one recorded id`,
  );
  console.log(
    `cold start, exec → first 200 (median of ${COLD_STARTS}): executable ${fmt(coldStart.executable, 1)} ms, bun run start ${fmt(coldStart.bunRunStart, 1)} ms, bare Bun ${fmt(coldStart.bareBun, 1)} ms`,
  );
  console.log(
    `RSS: idle ${fmt(idle.fromDisk.median, 1)} MB read from disk (highest ${fmt(idle.fromDisk.highest, 1)}), ${fmt(idle.asCached.median, 1)} MB as cached before the run (highest ${fmt(idle.asCached.highest, 1)}), median of ${IDLE_SAMPLES} starts each; after the rounds ${fmt(loadedRss, 1)} MB, after ${FIRST / 1000}k requests ${fmt(longRun.afterFirst, 1)} MB, after ${(longRun.requests / 1e6).toFixed(2)}M ${fmt(longRun.afterTotal, 1)} MB (${fmt((longRun.afterTotal / longRun.afterFirst - 1) * 100, 1)}%)`,
  );
  const errors = rows.reduce((sum, r) => sum + r.errors, 0);
  console.log(`errors (non-2xx/3xx or socket): ${errors}`);

  const resultsDir = join(import.meta.dir, "results");
  mkdirSync(resultsDir, { recursive: true });
  const file = join(
    resultsDir,
    `${new Date().toISOString().replace(/[:.]/g, "-")}${quick ? "-quick" : ""}${only ? "-partial" : ""}.json`,
  );
  const machine = {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    bun: Bun.version,
    generator: GENERATOR,
    pinning: PINNING,
  };
  writeFileSync(
    file,
    `${JSON.stringify({ machine, app: appCommand.join(" "), rounds: ROUNDS, turns: TURNS, latencyRounds: LATENCY_ROUNDS, seconds: SECONDS, connections: CONNECTIONS, rows, control: { ...controlRatio, ratios: control.ratios }, freshIdRatio, coldStart, rss: { idle, afterRounds: loadedRss, ...longRun }, errors }, null, 2)}\n`,
  );
  console.log(`written: ${file}`);
}

await main();
