/**
 * @module What the SSH door costs, for `bun run bench`: resident memory per open session
 * (with N sessions open, less before them, over N), and HTTP beside 50 sessions each
 * drawing the live view every second: throughput as a share of the bare server's on the
 * same case, in rounds of turns as every case, and p99 on both sides. The sessions are
 * OpenSSH's, `ssh -tt`, each in a pty as a visitor's, on loopback.
 */
import type { Subprocess } from "bun";
import { newHostKey } from "../lib/doors/ssh/host-key.ts";
import { freePort, type ServerProcess, startServerProcess } from "../scripts/loopback.ts";
import { type BenchCase, median } from "./cases.ts";
import { onLoadCore, onServerCore } from "./cores.ts";
import { load } from "./load.ts";
import { roundInTurns, target } from "./rounds.ts";

/** Sessions open beside the load: the door's default limit, every slot taken. */
export const OPEN_SESSIONS = 50;

export interface OpenDoorsResult {
  readonly sessions: number;
  /** VmRSS before the sessions (the door open, one session already come and gone), in MB. */
  readonly idleRssMb: number;
  /** VmRSS with every session open, on the live view, in MB. */
  readonly openRssMb: number;
  /** (open − idle) / sessions, in KB. */
  readonly perSessionKb: number;
  /** HTTP with the sessions open: the app's throughput over the bare server's, the median of the rounds. */
  readonly ratio: number;
  readonly appP99Ms: number;
  readonly bareP99Ms: number;
}

/** `site_door_connections{door="ssh"}` as the metrics port says it now. */
async function sshSessions(app: ServerProcess): Promise<number> {
  const text = await (await fetch(`${app.metricsUrl}/metrics`)).text();
  return Number(/^site_door_connections\{door="ssh"\} (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
}

/** Waits until the door counts `count` sessions, or throws after 20 s. */
async function untilSessions(app: ServerProcess, count: number): Promise<void> {
  const deadline = performance.now() + 20_000;
  while ((await sshSessions(app)) !== count) {
    if (performance.now() > deadline) throw new Error(`the SSH door never counted ${count} sessions`);
    await Bun.sleep(100);
  }
}

/**
 * A visitor's session: `ssh -tt`, its screen drawn to nowhere, on the load generator's
 * core: visitors are the site's clients, and their work is no part of the server's.
 */
function visitor(port: number): Subprocess<"pipe", "ignore", "ignore"> {
  const options = [
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "LogLevel=ERROR",
  ];
  return Bun.spawn(onLoadCore(["ssh", "-tt", ...options, "-p", String(port), "127.0.0.1"]), {
    stdin: "pipe",
    stdout: "ignore",
    stderr: "ignore",
  });
}

/**
 * Starts `executable` with its SSH door on, measures memory per session with
 * `OPEN_SESSIONS` open, then `rounds` rounds and a latency run of `benchCase` against
 * `baseline` while they stay open on the live view.
 */
export async function openDoorsCosts(
  executable: string,
  env: Readonly<Record<string, string>>,
  baseline: ServerProcess,
  benchCase: BenchCase,
  rounds: number,
): Promise<OpenDoorsResult> {
  const sshPort = freePort();
  const app = await startServerProcess(onServerCore([executable]), {
    env: {
      ...env,
      SSH_PORT: String(sshPort),
      SSH_HOST_KEY: newHostKey(),
      SSH_MAX_SESSIONS: String(OPEN_SESSIONS),
      SSH_SESSIONS_PER_CLIENT: String(OPEN_SESSIONS),
    },
  });
  const visitors: Subprocess<"pipe", "ignore", "ignore">[] = [];
  try {
    // One session come and gone first: what any session loads is loaded before the baseline.
    const first = visitor(sshPort);
    await untilSessions(app, 1);
    first.stdin.write("q");
    await first.exited;
    await untilSessions(app, 0);
    await Bun.sleep(2000);
    const idleRssMb = app.resident().vmRssMb;
    for (let i = 0; i < OPEN_SESSIONS; i++) visitors.push(visitor(sshPort));
    await untilSessions(app, OPEN_SESSIONS);
    // Each on the live view: a frame a second each, the most a session writes unasked.
    for (const session of visitors) session.stdin.write("l");
    await Bun.sleep(3000);
    const openRssMb = app.resident().vmRssMb;
    const ratios: number[] = [];
    for (let number = 0; number < rounds; number++) {
      const [a, b] = await roundInTurns(number, [app, baseline], benchCase);
      ratios.push(a.requestsPerSecond / b.requestsPerSecond);
    }
    const appLatency = await load({ ...target(app, benchCase), seconds: 1 });
    const bareLatency = await load({ ...target(baseline, benchCase), seconds: 1 });
    return {
      sessions: OPEN_SESSIONS,
      idleRssMb,
      openRssMb,
      perSessionKb: ((openRssMb - idleRssMb) * 1024) / OPEN_SESSIONS,
      ratio: median(ratios),
      appP99Ms: appLatency.p99Ms,
      bareP99Ms: bareLatency.p99Ms,
    };
  } finally {
    for (const session of visitors) session.kill();
    await app.stop();
  }
}
