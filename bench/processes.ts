/**
 * Processes the benchmark starts: a server on a free loopback port, its readiness,
 * its resident memory, and the time from exec to its first 200.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { freePort, rssMbOf } from "../scripts/loopback.ts";

export interface Started {
  readonly child: ChildProcess;
  readonly base: string;
  /** Milliseconds from exec to the first 200 on /api/ping. */
  readonly startMs: number;
}

/** Starts `command` with PORT set and waits, polling every millisecond, for a 200. */
export async function start(command: readonly string[], env: Record<string, string> = {}): Promise<Started> {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(
    command[0] as string,
    command.slice(1).map((arg) => arg.replace("{port}", String(port))),
    {
      // The production settings fly.toml gives the app.
      env: {
        ...process.env,
        LOG_FORMAT: "json",
        HOST: "127.0.0.1",
        PORT: String(port),
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
      // Its own process group, so `bun run start` and the server it execs stop together.
      detached: true,
    },
  );
  const deadline = began + 15_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command.join(" ")} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/ping`);
      await response.arrayBuffer();
      if (response.status === 200) return { child, base, startMs: performance.now() - began };
    } catch {}
    await Bun.sleep(1);
  }
  await stop({ child, base, startMs: 0 });
  throw new Error(`${command.join(" ")} did not answer within 15 s`);
}

export async function stop({ child }: Started): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {}
  };
  signalGroup("SIGTERM");
  await Promise.race([exited, Bun.sleep(3000)]);
  signalGroup("SIGKILL");
}

/** Resident set size of a running process, in MB. */
export const rssMb = ({ child }: Started): number => rssMbOf(child.pid as number);

/** GNU dd's documented idiom: write back the file's dirty pages, then drop all of it. */
const DROP_FROM_CACHE = ["oflag=nocache", "conv=notrunc,fdatasync", "count=0", "status=none"];

/**
 * Drops `file` from the kernel's page cache (no root needed). A file that the build has
 * just written, or that anything has read from end to end, sits in the cache in large
 * blocks, and a process that maps it gets whole blocks counted in its RSS. A machine that
 * boots from an image reads the executable page by page as it faults, as it does after this.
 */
export function evictFromPageCache(file: string): boolean {
  return spawnSync("dd", [`of=${file}`, ...DROP_FROM_CACHE], { stdio: "ignore" }).status === 0;
}
