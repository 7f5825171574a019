/**
 * @module What the replies count: every read of a thread by service and how it ended, and
 * how many replies each service has shown now. Labels are the services and the reads'
 * outcomes, both fixed lists.
 */
import type { Metrics } from "../metrics/registry.ts";
import { OUTCOMES, type ReadOutcome } from "./read.ts";
import type { ReplyService } from "./reply.ts";

export interface RepliesMetrics {
  /** One read of a thread on `service`, and how it ended. */
  read(service: ReplyService, outcome: ReadOutcome): void;
  /** Makes every outcome of `service`'s reads a series at 0: a service with a post to read. */
  service(service: ReplyService): void;
}

/** Registers the replies' families in `metrics`; `shown` says how many each service shows now. */
export function repliesMetrics(
  metrics: Metrics,
  shown: () => readonly (readonly [ReplyService, number])[],
): RepliesMetrics {
  const reads = metrics.counter(
    "site_replies_reads_total",
    "Reads of the replies to the owner's posts, by service and how each ended.",
    ["service", "outcome"],
  );
  metrics.gauge(
    "site_replies_shown",
    "Replies to the owner's posts shown now, by service.",
    ["service"],
    () => shown().map(([service, count]) => [[service], count] as const),
  );
  return {
    read: (service, outcome) => reads.inc([service, outcome]),
    service(service) {
      for (const outcome of OUTCOMES) reads.inc([service, outcome], 0);
    },
  };
}
