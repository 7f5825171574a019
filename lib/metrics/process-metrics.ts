/**
 * @module What a scrape reads of the process itself, by the names Prometheus' own clients
 * use: resident memory and start time (uptime is `time() - process_start_time_seconds`),
 * open file descriptors and their limit, and the running build as `site_build_info`.
 * `process`, `performance` and `node:fs` are the same on Bun and Deno.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { Metrics } from "./registry.ts";

/**
 * The process's open descriptors and the most it may hold (every connection is one), read
 * from Linux's `/proc`; none where there is no `/proc` (macOS), as Prometheus' clients do.
 */
function descriptors(): { open: number; max: number } | undefined {
  try {
    const open = readdirSync("/proc/self/fd").length;
    const limit = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
    if (limit === undefined) return undefined;
    return { open, max: limit === "unlimited" ? Number.POSITIVE_INFINITY : Number(limit) };
  } catch {
    return undefined;
  }
}

export interface BuildInfo {
  /** e.g. `1.0.0+91a86731a0c9`. */
  readonly version: string;
  /** e.g. `bun 1.4.5`. */
  readonly runtime: string;
}

/** Registers the process's gauges in `metrics`. */
export function processMetrics(metrics: Metrics, { version, runtime }: BuildInfo): void {
  // When the process started, in epoch seconds: a constant.
  const startedAt = Math.round(performance.timeOrigin) / 1000;
  metrics.gauge("process_resident_memory_bytes", "Resident memory size in bytes.", [], () => [
    [[], process.memoryUsage.rss()],
  ]);
  metrics.gauge(
    "process_start_time_seconds",
    "Start time of the process since the Unix epoch, in seconds.",
    [],
    () => [[[], startedAt]],
  );
  metrics.gauge("process_open_fds", "Number of open file descriptors.", [], () => {
    const read = descriptors();
    return read ? [[[], read.open]] : [];
  });
  metrics.gauge("process_max_fds", "Maximum number of open file descriptors.", [], () => {
    const read = descriptors();
    return read ? [[[], read.max]] : [];
  });
  metrics.gauge(
    "site_build_info",
    "The running build: always 1, its labels say which version on which runtime.",
    ["version", "runtime"],
    () => [[[version, runtime], 1]],
  );
}
