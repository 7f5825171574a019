/**
 * @module The replies to the owner's posts as a feature: for the newest updates of /now
 * that content/now-history.json records as posted to Bluesky or Mastodon, the replies
 * read in the background (`replies.ts`), their reads counted and shown
 * (`metrics.ts`), a check per service in the heartbeat (`<service>:replies`). The page,
 * /api/now, the terminal profile and the SSH door show them (docs/replies.md).
 */
import { NOW_HISTORY } from "../content/site-content.ts";
import { readCheck } from "../outbound/read-check.ts";
import { siteUserAgent } from "../outbound/user-agent.ts";
import { defineFeature } from "../site/feature.ts";
import { REPLIES_SETTINGS, type RepliesConfig } from "./config.ts";
import { repliesMetrics } from "./metrics.ts";
import { type Replies, readReplies } from "./replies.ts";
import type { ReplyService } from "./reply.ts";

export const replies = defineFeature<Replies, RepliesConfig>({
  name: "replies",
  docs: "docs/replies.md",
  settings: REPLIES_SETTINGS,
  setup(site, config) {
    let replies: Replies | undefined;
    const shown = () => {
      const counts = new Map<ReplyService, number>();
      for (const { service } of replies?.conversation().replies ?? [])
        counts.set(service, (counts.get(service) ?? 0) + 1);
      return [...counts];
    };
    replies = readReplies(site.read(NOW_HISTORY), {
      appView: config.blueskyAppView,
      refreshMs: config.refreshSeconds * 1000,
      timeoutMs: config.timeoutMs,
      userAgent: siteUserAgent(site),
      clock: site.clock,
      log: site.log,
      metrics: repliesMetrics(site.metrics, shown),
    });
    return replies;
  },
  health: {
    keys: "`<service>:replies` for each service the owner's latest updates were posted to (`bluesky:replies`)",
    check: (replies, at) =>
      Object.fromEntries(
        replies.health().map((health) => [`${health.service}:replies`, [readCheck(health, at)]]),
      ),
  },
  start: (replies) => replies.start(),
  stop: (replies) => replies.stop(),
});
