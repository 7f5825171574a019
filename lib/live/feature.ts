/**
 * @module The owner's live activity as a feature: the `LIVE_*` variables and each
 * source's, the feed read in the background while the server runs (`feed.ts`), its reads
 * counted (`metrics.ts`), and a check per source in the heartbeat (`<source>:age`). The
 * profile, /now, the live view and the doors show what it last read (docs/live.md).
 */
import type { Content } from "../content/site-content.ts";
import { defineFeature } from "../site/feature.ts";
import type { CheckItem } from "../site/health.ts";
import { seconds } from "../site/health.ts";
import { LIVE_SETTINGS, type LiveConfig } from "./config.ts";
import { type FeedOptions, type LiveFeed, liveFeed, type SourceHealth } from "./feed.ts";
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

/** A live source's check: seconds since a read confirmed what it shows, and what went wrong last. */
function sourceCheck(health: SourceHealth, at: Date): CheckItem {
  return {
    componentType: "system",
    observedValue: health.readAt ? seconds(at.getTime() - health.readAt.getTime()) : null,
    observedUnit: "s",
    status: health.status,
    time: at.toISOString(),
    ...(health.output !== undefined && { output: health.output }),
    ...(health.readAt && { readAt: health.readAt.toISOString() }),
    ...(health.lastRead && {
      lastReadAt: health.lastRead.at.toISOString(),
      lastOutcome: health.lastRead.outcome,
    }),
  };
}

export const live = defineFeature<LiveFeed, LiveConfig>({
  name: "live",
  docs: "docs/live.md",
  settings: LIVE_SETTINGS,
  setup(site, config) {
    // GitHub asks for a User-Agent that names the application.
    const userAgent = `site-api/${site.version} (+${site.config.siteUrl})`;
    const metrics = liveMetrics(site.metrics);
    return ownerFeed(config, site.content, userAgent, { clock: site.clock, log: site.log, metrics });
  },
  health: {
    keys: "`<source>:age` for each live source (`github:age`)",
    check: (feed, at) =>
      Object.fromEntries(feed.health().map((source) => [`${source.source}:age`, [sourceCheck(source, at)]])),
  },
  start: (feed) => feed.start(),
  stop: (feed) => feed.stop(),
});
