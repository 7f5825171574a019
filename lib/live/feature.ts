/**
 * @module The owner's live activity as a feature: the `LIVE_*` variables and each
 * source's, the feed read in the background while the server runs (`feed.ts`), its reads
 * counted (`metrics.ts`), and a check per source in the heartbeat (`<source>:age`). The
 * profile, /now, the live view and the doors show what it last read (docs/live.md).
 */
import type { Content } from "../content/site-content.ts";
import { readCheck } from "../outbound/read-check.ts";
import { siteUserAgent } from "../outbound/user-agent.ts";
import { defineFeature } from "../site/feature.ts";
import { LIVE_SETTINGS, type LiveConfig } from "./config.ts";
import { type FeedOptions, type LiveFeed, liveFeed } from "./feed.ts";
import { liveMetrics } from "./metrics.ts";

/** The feed over the owner's live sources, as `LIVE_*` and each source's variables configure it. */
export function ownerFeed(
  live: LiveConfig,
  content: Content,
  userAgent: string,
  { clock, log, metrics }: Pick<FeedOptions, "clock" | "log" | "metrics">,
): LiveFeed {
  const sources = live.sources.flatMap((source) => source({ content, userAgent }) ?? []);
  return liveFeed(sources, {
    refreshMs: live.refreshSeconds * 1000,
    timeoutMs: live.timeoutMs,
    clock,
    log,
    metrics,
  });
}

export const live = defineFeature<LiveFeed, LiveConfig>({
  name: "live",
  docs: "docs/live.md",
  settings: LIVE_SETTINGS,
  setup(site, config) {
    const metrics = liveMetrics(site.metrics);
    return ownerFeed(config, site.content, siteUserAgent(site), {
      clock: site.clock,
      log: site.log,
      metrics,
    });
  },
  health: {
    keys: "`<source>:age` for each live source (`github:age`)",
    check: (feed, at) =>
      Object.fromEntries(feed.health().map((source) => [`${source.source}:age`, [readCheck(source, at)]])),
  },
  start: (feed) => feed.start(),
  stop: (feed) => feed.stop(),
});
