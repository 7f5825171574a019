/**
 * @module What a scrape reads of the process itself, by the names Prometheus' own clients
 * use: resident memory and start time (uptime is `time() - process_start_time_seconds`),
 * and the running build as `site_build_info`. `process` and `performance` are the same on
 * Bun and Deno.
 */
import type { Metrics } from "./registry.ts";

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
  metrics.gauge(
    "site_build_info",
    "The running build: always 1, its labels say which version on which runtime.",
    ["version", "runtime"],
    () => [[[version, runtime], 1]],
  );
}
