/**
 * @module Servers the tools start as processes on loopback (the contract suite, the
 * process tests, the bench, the soak, CI): free ports, a server started and waited for
 * until its `/api/ping` answers 200, its memory, and stopping it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/** Every port `freePort` has handed out in this process. */
const handedOut = new Set<number>();

/**
 * A port nothing listens on right now, and never handed out before in this process: the
 * kernel picks it, the probe lets it go. The probe sees 127.0.0.1 only, so a port handed to
 * a server that listens elsewhere (metrics on `::1`, as Fly's private address) would look
 * free again: remembering every port handed out keeps two servers of one test apart.
 */
export function freePort(): number {
  for (;;) {
    const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const port = probe.port as number;
    probe.stop(true);
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** A process's resident memory, in MB (kB / 1024). */
export interface Resident {
  /** Resident set: file-backed pages (the executable's own) and anonymous ones. */
  readonly vmRssMb: number;
  /** Anonymous resident memory: the heap and what the process made, not its file. */
  readonly rssAnonMb: number;
}

/** `VmRSS` and `RssAnon` of a running process, from `/proc/<pid>/status` (Linux). */
export function residentOf(pid: number): Resident {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) / 1024;
  return { vmRssMb: mb("VmRSS"), rssAnonMb: mb("RssAnon") };
}

export interface ServerProcess {
  readonly child: ChildProcess;
  /** e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** The environment it was started with, `PORT` and all: what its configuration is read from. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where its `GET /metrics` is, on a free port of its own: `METRICS_PORT`. */
  readonly metricsUrl: string;
  /** Milliseconds from exec to the first 200 from `/api/ping`. */
  readonly startMs: number;
  /** What it wrote to stdout and stderr so far, when started with `output: "keep"`. */
  output(): { stdout: string; stderr: string };
  /** Resident memory now. */
  resident(): Resident;
  /** SIGTERM to its process group, SIGKILL after `graceMs`; resolves with its exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

export interface StartProcessOptions {
  readonly cwd?: string;
  /**
   * Added to the environment: `PORT` and `METRICS_PORT` (two free ports), `HOST=127.0.0.1`
   * and `LOG_FORMAT=json` come first. A `PORT` given here is where the server is asked.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** Start from this environment instead of the caller's own (CI's clean one, say). */
  readonly baseEnv?: Readonly<Record<string, string | undefined>>;
  /** `keep` collects stdout and stderr; `ignore` drops stdout. @default "ignore" */
  readonly output?: "keep" | "ignore";
  /** @default 15000 */
  readonly timeoutMs?: number;
  /** How often to ask `/api/ping`; 1 ms for a start-up measurement. @default 20 */
  readonly pollMs?: number;
}

/**
 * Starts `command` on a free loopback port in its own process group (so that
 * `bun run start` and the server it runs stop together), and resolves once
 * `/api/ping` answers 200. Rejects, with what the process printed, if it exits or
 * does not answer in time.
 */
export async function startServerProcess(
  command: readonly string[],
  options: StartProcessOptions = {},
): Promise<ServerProcess> {
  const {
    cwd,
    env = {},
    baseEnv = process.env,
    output = "ignore",
    timeoutMs = 15_000,
    pollMs = 20,
  } = options;
  const port = env.PORT === undefined ? freePort() : Number(env.PORT);
  const metricsPort = freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const childEnv = {
    ...baseEnv,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    HOST: "127.0.0.1",
    LOG_FORMAT: "json",
    ...env,
  };
  const child = spawn(command[0] as string, command.slice(1), {
    cwd,
    env: childEnv,
    stdio: ["ignore", output === "keep" ? "pipe" : "ignore", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const server: ServerProcess = {
    child,
    url,
    env: childEnv,
    metricsUrl: `http://127.0.0.1:${metricsPort}`,
    startMs: Number.NaN,
    output: () => ({ stdout, stderr }),
    resident: () => residentOf(child.pid as number),
    async stop(graceMs = 3000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-(child.pid as number), name);
        } catch {}
      };
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };

  const deadline = began + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/api/ping`);
      await response.arrayBuffer();
      if (response.status === 200) return { ...server, startMs: performance.now() - began };
    } catch {}
    await Bun.sleep(pollMs);
  }
  await server.stop();
  throw new Error(`${command.join(" ")} did not answer /api/ping at ${url} in ${timeoutMs} ms:\n${stderr}`);
}
