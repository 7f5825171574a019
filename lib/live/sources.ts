/**
 * @module Every live source, in one table: a source is a file that declares its variables,
 * how to read it and what an answer means (`source.ts`), and a line here. Each makes
 * nothing when this owner has nothing to read there (no GitHub link, no Last.fm key), and
 * is then neither read nor shown. `ownerFeed` is the feed over them that the app and the
 * tests build alike.
 */
import type { Content } from "../content/site-content.ts";
import type { LiveConfig } from "./config.ts";
import { type FeedOptions, type LiveFeed, liveFeed } from "./feed.ts";
import { github } from "./github.ts";
import { lastfm } from "./lastfm.ts";
import type { SourceDefinition } from "./source.ts";

export const LIVE_SOURCES: readonly SourceDefinition[] = [github, lastfm];

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
