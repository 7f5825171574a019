/**
 * @module What the streams count: how many of each kind are open, and how each ended. A
 * kind is counted from when its route declares it, every ending at 0.
 */
import type { Metrics } from "../metrics/registry.ts";
import { STREAM_ENDINGS, type StreamEnding, type StreamKind } from "./stream-kinds.ts";

export interface StreamsMetrics {
  /** A kind of stream a route opens: its series exist from now, at 0. */
  kind(kind: StreamKind): void;
  opened(kind: StreamKind): void;
  ended(kind: StreamKind, ending: StreamEnding): void;
}

/** Registers the streams' families in `metrics`. */
export function streamsMetrics(metrics: Metrics): StreamsMetrics {
  const open = new Map<StreamKind, number>();
  metrics.gauge(
    "site_open_streams",
    "Streams open now (the live view, the event stream), by kind.",
    ["kind"],
    () => [...open].map(([kind, count]) => [[kind], count] as const),
  );
  const ended = metrics.counter(
    "site_streams_ended_total",
    "Streams ended, by kind and why: the client left, it read too slowly, its time was up, the server stopped, or writing failed.",
    ["kind", "ending"],
  );
  return {
    kind(kind) {
      if (open.has(kind)) return;
      open.set(kind, 0);
      for (const ending of STREAM_ENDINGS) ended.inc([kind, ending], 0);
    },
    opened(kind) {
      open.set(kind, (open.get(kind) ?? 0) + 1);
    },
    ended(kind, ending) {
      open.set(kind, (open.get(kind) ?? 1) - 1);
      ended.inc([kind, ending]);
    },
  };
}
