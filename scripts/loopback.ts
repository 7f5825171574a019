/**
 * @module Servers the tools start on loopback (tests, the bench, the soak, the start-up
 * timer): a free port to give them, waiting until they answer, and their memory.
 */
import { readFileSync } from "node:fs";

/** A port nothing listens on right now: the kernel picks it, the probe lets it go. */
export function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port as number;
  probe.stop(true);
  return port;
}

/** Polls `GET /api/ping` every `pollMs` until it answers 200. */
export async function waitUntilUp(baseUrl: string, timeoutMs = 15_000, pollMs = 20): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/ping`)).status === 200) return;
    } catch {}
    if (performance.now() > deadline)
      throw new Error(`${baseUrl} did not answer /api/ping in ${timeoutMs} ms`);
    await Bun.sleep(pollMs);
  }
}

/** Resident set size of a running process in MB (kB / 1024), from /proc (Linux). */
export function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? Number.NaN) / 1024;
}
