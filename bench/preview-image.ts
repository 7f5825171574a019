/**
 * @module What the preview image costs, for `bun run bench`: a fresh copy of the executable
 * started, idle, its memory; then the first `GET /preview.png`, which loads the drawing's
 * code and files and draws: its time from request to answer, and the CPU time the server
 * spent on it (from /proc, as the machine is shared and wall time waits on others); its
 * memory two idle seconds after; and the cached image under load, against a bare
 * `Bun.serve` sending the same bytes, in rounds of turns as every case.
 *
 *   bun run build && bun run bench/preview-image.ts dist/site   5 starts of each, 6 rounds
 *   bun run bench/preview-image.ts --runs 9 A B                 builds compared, in turns
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { PREVIEW_IMAGE } from "../lib/profile/model/preview-card.ts";
import { type Resident, type ServerProcess, startServerProcess } from "../scripts/loopback.ts";
import { baselineClass, recording } from "./baseline-server.ts";
import { type BenchCase, CLIENTS, median } from "./cases.ts";
import { compareBuilds } from "./compare-builds.ts";
import { onServerCore } from "./cores.ts";
import { startLiveSource } from "./live-source.ts";
import { load } from "./load.ts";
import { evictFromPageCache } from "./page-cache.ts";
import { roundInTurns, target } from "./rounds.ts";

export interface PreviewImageResult {
  readonly starts: number;
  /** Idle, two seconds after the first 200 from `/api/ping`: no image asked for. */
  readonly before: Resident;
  /** The first image: request to answer, in ms (median over the starts)… */
  readonly firstDrawMs: number;
  /** …and the server's CPU time meanwhile, user and system, in ms. */
  readonly firstDrawCpuMs: number;
  /** Two idle seconds after the first image. */
  readonly after: Resident;
  /** The second request: the image kept. */
  readonly cachedMs: number;
  /** The cached image under load: app req/s over bare req/s, the median of the rounds. */
  readonly ratio: number;
  readonly appP99Ms: number;
  readonly bareP99Ms: number;
}

/** The case the rounds measure: the image, as a link preview asks for it. */
export const PREVIEW_CASE: BenchCase = {
  name: `${PREVIEW_IMAGE.path}, any client: PNG, drawn`,
  path: PREVIEW_IMAGE.path,
  headers: CLIENTS.browser,
};

const TICK_MS = 1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

/** The process's user and system time so far, in ms (/proc/PID/stat, fields 14 and 15). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** What one cold start found. */
interface Start {
  readonly before: Resident;
  readonly firstDrawMs: number;
  readonly firstDrawCpuMs: number;
  readonly after: Resident;
  readonly cachedMs: number;
}

/** One start of a cold copy: memory idle, the first image, memory after it, the cached one. */
async function oneStart(executable: string, env: Readonly<Record<string, string>>): Promise<Start> {
  const dir = mkdtempSync(join(tmpdir(), "bench-preview-"));
  const copy = join(dir, basename(executable));
  copyFileSync(executable, copy);
  evictFromPageCache(copy);
  const server = await startServerProcess(onServerCore([copy]), { cwd: dir, env });
  try {
    await Bun.sleep(2000);
    const before = server.resident();
    const pid = server.child.pid as number;
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    const first = await fetch(`${server.url}${PREVIEW_IMAGE.path}`, { headers: CLIENTS.browser });
    await first.arrayBuffer();
    const firstDrawMs = performance.now() - started;
    const firstDrawCpuMs = cpuMs(pid) - cpuBefore;
    if (first.status !== 200) throw new Error(`${PREVIEW_IMAGE.path} answered ${first.status}`);
    await Bun.sleep(2000);
    const after = server.resident();
    const again = performance.now();
    await (await fetch(`${server.url}${PREVIEW_IMAGE.path}`, { headers: CLIENTS.browser })).arrayBuffer();
    return { before, firstDrawMs, firstDrawCpuMs, after, cachedMs: performance.now() - again };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The cached image against a bare server replaying its bytes and headers, `rounds` rounds. */
async function cachedUnderLoad(executable: string, env: Readonly<Record<string, string>>, rounds: number) {
  const app = await startServerProcess(onServerCore([executable]), { env });
  const recordedFile = join(tmpdir(), `bench-preview-recorded-${process.pid}.json`);
  let bare: ServerProcess | undefined;
  try {
    const answers = [];
    // The heartbeat too: what tells that a server has started.
    for (const path of [PREVIEW_IMAGE.path, "/api/ping"]) {
      for (const headers of Object.values(CLIENTS)) {
        const key = `${path} ${baselineClass(headers["user-agent"], headers.accept)}`;
        const answer = await fetch(`${app.url}${path}`, {
          headers: { ...headers, "accept-encoding": "identity" },
        });
        answers.push(await recording(key, answer));
      }
    }
    writeFileSync(recordedFile, JSON.stringify(answers));
    bare = await startServerProcess(
      onServerCore(["bun", join(import.meta.dir, "baseline-server.ts"), recordedFile]),
    );
    const ratios: number[] = [];
    for (let number = 0; number < rounds; number++) {
      const [a, b] = await roundInTurns(number, [app, bare], PREVIEW_CASE);
      ratios.push(a.requestsPerSecond / b.requestsPerSecond);
    }
    const appLatency = await load({ ...target(app, PREVIEW_CASE), seconds: 1 });
    const bareLatency = await load({ ...target(bare, PREVIEW_CASE), seconds: 1 });
    return { ratio: median(ratios), appP99Ms: appLatency.p99Ms, bareP99Ms: bareLatency.p99Ms };
  } finally {
    await app.stop();
    await bare?.stop();
    rmSync(recordedFile, { force: true });
  }
}

/** The medians of `starts`, and the cached image's rounds. */
function summarised(
  starts: readonly Start[],
  cached: Awaited<ReturnType<typeof cachedUnderLoad>>,
): PreviewImageResult {
  const of = (pick: (start: Start) => number) => median(starts.map(pick));
  return {
    starts: starts.length,
    before: { vmRssMb: of((s) => s.before.vmRssMb), rssAnonMb: of((s) => s.before.rssAnonMb) },
    firstDrawMs: of((s) => s.firstDrawMs),
    firstDrawCpuMs: of((s) => s.firstDrawCpuMs),
    after: { vmRssMb: of((s) => s.after.vmRssMb), rssAnonMb: of((s) => s.after.rssAnonMb) },
    cachedMs: of((s) => s.cachedMs),
    ...cached,
  };
}

/** The preview image's costs in `executable`, over `runs` cold starts and `rounds` rounds. */
export async function previewImageCosts(
  executable: string,
  env: Readonly<Record<string, string>>,
  runs: number,
  rounds: number,
): Promise<PreviewImageResult> {
  const starts: Start[] = [];
  for (let run = 0; run < runs; run++) starts.push(await oneStart(executable, env));
  return summarised(starts, await cachedUnderLoad(executable, env, rounds));
}

/** The figures in one line, as the bench prints them. */
export function previewImageLine(result: PreviewImageResult): string {
  const mb = (resident: Resident) => `${resident.vmRssMb.toFixed(1)} / ${resident.rssAnonMb.toFixed(1)} MB`;
  return (
    `Preview image (median of ${result.starts} cold starts): the first ${PREVIEW_IMAGE.path} ` +
    `${result.firstDrawMs.toFixed(0)} ms, ${result.firstDrawCpuMs.toFixed(0)} ms of CPU; VmRSS / RssAnon ` +
    `${mb(result.before)} idle before it, ${mb(result.after)} after it; the next ${result.cachedMs.toFixed(1)} ms. ` +
    `Cached, under load: ${result.ratio.toFixed(3)} of bare, p99 ${result.appP99Ms.toFixed(2)} ms against ${result.bareP99Ms.toFixed(2)} ms.`
  );
}

/** Rounds of the cached image against bare, run alone. */
const ROUNDS_ALONE = 6;

if (import.meta.main) {
  const { measured } = await compareBuilds({
    name: "bun run bench/preview-image.ts",
    what: `Starts cold copies of each executable (bun run build writes dist/site), in
turns, and prints the median time and CPU time of the first /preview.png, the
memory before and after it; then the cached image's throughput against a bare
server sending the same bytes, over ${ROUNDS_ALONE} rounds.`,
    defaultRuns: 5,
    measure: oneStart,
  });
  const live = startLiveSource();
  try {
    for (const [executable, starts] of measured) {
      const cached = await cachedUnderLoad(executable, live.env, ROUNDS_ALONE);
      console.log(`${executable}: ${previewImageLine(summarised(starts, cached))}`);
    }
  } finally {
    live.stop();
  }
}
