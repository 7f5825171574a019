/**
 * @module Answers that stay open (the live view, the event stream) as a feature: their
 * limits (`LIVE_VIEW_*`), the slots they hold, their metrics, and their ending on SIGTERM,
 * each with its last line (docs/live-view.md). A route opens its kind of stream with
 * `site.service(streams).ofKind(...)`; a new kind is a new route, nothing here.
 */
import { defineFeature } from "../site/feature.ts";
import { STREAMS_SETTINGS, type StreamsConfig } from "./config.ts";
import { streamsMetrics } from "./metrics.ts";
import { OpenStreams } from "./open-streams.ts";

export const streams = defineFeature<OpenStreams, StreamsConfig>({
  name: "streams",
  docs: "docs/live-view.md",
  settings: STREAMS_SETTINGS,
  setup: (site, config) =>
    new OpenStreams(config, {
      log: site.log,
      metrics: streamsMetrics(site.metrics),
      connections: site.connections,
      clock: site.clock,
    }),
  drain: (open) => open.drain(),
  stop: (open) => open.stop(),
});
