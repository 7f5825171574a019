/**
 * @module What the live feed counts: every read of a source by how it ended, and when a
 * read last confirmed what a source shows. Labels are the sources' ids and the reads'
 * outcomes, both fixed lists.
 */
import type { Metrics } from "../metrics/registry.ts";
import { OUTCOMES, READ_OUTCOMES, type ReadOutcome } from "./read.ts";

export interface LiveMetrics {
  /** One read of a live source (`github`), and how it ended, at `at` (epoch milliseconds). */
  read(source: string, outcome: ReadOutcome, at: number): void;
  /** Makes every outcome of `source`'s reads a series at 0: a configured source, before its first read. */
  source(source: string): void;
}

/** Registers the live feed's families in `metrics`. */
export function liveMetrics(metrics: Metrics): LiveMetrics {
  const reads = metrics.counter(
    "site_live_reads_total",
    "Reads of a live source (the owner's activity), by source and how each ended.",
    ["source", "outcome"],
  );
  const confirmedAt = new Map<string, number>();
  metrics.gauge(
    "site_live_last_confirmed_timestamp_seconds",
    "When a read last confirmed what is shown of a live source (a 200 or a 304), in Unix seconds.",
    ["source"],
    () => [...confirmedAt].map(([source, at]) => [[source], at / 1000] as const),
  );
  return {
    read(source, outcome, at) {
      reads.inc([source, outcome]);
      if (READ_OUTCOMES[outcome].confirmed) confirmedAt.set(source, at);
    },
    source(source) {
      for (const outcome of OUTCOMES) reads.inc([source, outcome], 0);
    },
  };
}
