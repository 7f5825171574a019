/**
 * `bun run bench`: the app against a bare `Bun.serve` that returns the same bytes and
 * headers, per endpoint and client class, in interleaved rounds on one machine; then
 * cold start and memory. Prints one table and writes it to bench/results/.
 *
 *   bun run bench                 15 rounds of 1 s per case, then 5 side by side (about 14 minutes)
 *   bun run bench --quick         2 rounds of 1 s, to check the harness
 *   bun run bench --only ping     only the cases whose name contains "ping"
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { baselineClass, type Recorded, recording } from "./baseline-server.ts";
import { onServerCore, PINNED, PINNING } from "./cores.ts";
import { GENERATOR, type LoadResult, load } from "./load.ts";
import { evictFromPageCache, rssMb, type Started, start, stop } from "./processes.ts";

const ROOT = join(import.meta.dir, "..");
const quick = process.argv.includes("--quick");
// Many short rounds rather than a few long ones: this machine's noise comes in bursts
// of seconds, and a ratio is taken between the two sides of one round, so the closer
// together they run, the more of a burst they share. More rounds steady the median.
const ROUNDS = quick ? 2 : 15;
const SECONDS = 1;
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex >= 0 ? (process.argv[onlyIndex + 1] ?? "") : "";
const CONNECTIONS = 64;
const SIDE_BY_SIDE_ROUNDS = quick ? 1 : 5;
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

function drive(
  target: Started,
  index: number,
  seconds = SECONDS,
  connections = CONNECTIONS,
): Promise<LoadResult> {
  const { path, headers } = CASES[index] as (typeof CASES)[number];
  return load({ url: `${target.base}${path}`, headers, connections, seconds });
}

/**
 * App and baseline driven at once, each by its own load generator with half the
 * connections, both servers on the one server core. The scheduler splits that core
 * evenly between them, so the ratio of their throughputs is the ratio of what a request
 * costs each, and a burst of noise from the host falls on both alike. A check on the
 * interleaved ratio, which a burst can move by a tenth in one round.
 */
async function sideBySide(app: Started, baseline: Started, index: number): Promise<number> {
  const [a, b] = await Promise.all([
    drive(app, index, SECONDS, CONNECTIONS / 2),
    drive(baseline, index, SECONDS, CONNECTIONS / 2),
  ]);
  return a.requestsPerSecond / b.requestsPerSecond;
}

/** Alternates who goes first, so neither side always gets the warmer machine. */
function inTurn<T>(round: number, first: T, second: T): [T, T] {
  return round % 2 ? [second, first] : [first, second];
}

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
    `load generator: ${GENERATOR}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per case`,
  );
  console.log(`app: ${appCommand.join(" ")}; ${PINNING}`);
  const idle = await idleRss();
  const app = await start(onServerCore(appCommand));
  const recordedFile = join(tmpdir(), `bench-recorded-${process.pid}.json`);
  writeFileSync(recordedFile, JSON.stringify(await record(app)));
  const baseline = await start(onServerCore(baselineCommand(recordedFile)));
  // The same baseline sending the one recorded X-Request-Id: what a fresh id costs it.
  const replaying = await start(onServerCore(baselineCommand(recordedFile, "--replay-ids")));

  // Warm-up, discarded.
  for (let i = 0; i < CASES.length; i++)
    for (const target of [app, baseline, replaying]) await drive(target, i, 1);
  const results = CASES.map(() => ({ app: [] as LoadResult[], bare: [] as LoadResult[] }));
  const idCost = { fresh: [] as LoadResult[], replayed: [] as LoadResult[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < CASES.length; i++) {
      const sides = inTurn<["app" | "bare", Started]>(round, ["app", app], ["bare", baseline]);
      for (const [side, target] of sides)
        (results[i] as (typeof results)[number])[side].push(await drive(target, i));
    }
    const ids = inTurn<["fresh" | "replayed", Started]>(round, ["fresh", baseline], ["replayed", replaying]);
    for (const [side, target] of ids) idCost[side].push(await drive(target, 0));
    process.stdout.write(`round ${round + 1}/${ROUNDS} done\n`);
  }
  const loadedRss = rssMb(app);
  const sideBySideRatios = CASES.map(() => [] as number[]);
  if (PINNED) {
    for (let round = 0; round < SIDE_BY_SIDE_ROUNDS; round++) {
      for (let i = 0; i < CASES.length; i++) sideBySideRatios[i]?.push(await sideBySide(app, baseline, i));
    }
  }

  const rows = CASES.map(({ name }, i) => {
    const { app: a, bare: b } = results[i] as (typeof results)[number];
    const ratios = a.map((r, k) => r.requestsPerSecond / (b[k] as LoadResult).requestsPerSecond);
    return {
      name,
      appRps: median(a.map((r) => r.requestsPerSecond)),
      bareRps: median(b.map((r) => r.requestsPerSecond)),
      ratio: median(ratios),
      /** The middle half of the rounds' ratios: how far one round's figure can be trusted. */
      ratioQuartiles: quartiles(ratios),
      ratios,
      /** Median ratio with both sides on one core at once (`sideBySide`); NaN unpinned. */
      sideBySide: median(sideBySideRatios[i] as number[]),
      appP50: median(a.map((r) => r.p50Ms)),
      appP99: median(a.map((r) => r.p99Ms)),
      bareP50: median(b.map((r) => r.p50Ms)),
      bareP99: median(b.map((r) => r.p99Ms)),
      errors: a.reduce((sum, r) => sum + r.errors, 0) + b.reduce((sum, r) => sum + r.errors, 0),
    };
  });

  const longRun = await rssOverLongRun(app);
  await stop(app);
  await stop(baseline);
  await stop(replaying);
  const freshIdRatio = median(
    idCost.fresh.map((r, k) => r.requestsPerSecond / (idCost.replayed[k] as LoadResult).requestsPerSecond),
  );

  const coldStart = {
    executable: existsSync(executable) ? await coldStarts([executable]) : Number.NaN,
    bunRunStart: await coldStarts(["bun", "run", "--cwd", ROOT, "start"]),
    bareBun: await coldStarts(baselineCommand(recordedFile)),
  };

  console.log();
  console.log(
    "| case | app req/s | bare req/s | ratio | middle half of rounds | side by side | app p50 / p99 ms | bare p50 / p99 ms | p99 ×bare |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const [q1, q3] = r.ratioQuartiles;
    console.log(
      `| ${r.name} | ${fmt(r.appRps)} | ${fmt(r.bareRps)} | ${fmt(r.ratio, 2)} | ${fmt(q1, 2)}–${fmt(q3, 2)} | ${fmt(r.sideBySide, 2)} | ${fmt(r.appP50, 2)} / ${fmt(r.appP99, 2)} | ${fmt(r.bareP50, 2)} / ${fmt(r.bareP99, 2)} | ${fmt(r.appP99 / r.bareP99, 2)} |`,
    );
  }
  console.log();
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
    `${JSON.stringify({ machine, app: appCommand.join(" "), rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, rows, freshIdRatio, coldStart, rss: { idle, afterRounds: loadedRss, ...longRun }, errors }, null, 2)}\n`,
  );
  console.log(`written: ${file}`);
}

await main();
