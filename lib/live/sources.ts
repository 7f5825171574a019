/**
 * @module Every live source, in one table: a source is a file that exports how to read it
 * (`source.ts`), and a line here. Each returns undefined when this owner has nothing to
 * read there (no GitHub link, say), and is then neither read nor shown. `ownerFeed` is
 * the feed over them that the app and the tests build alike.
 */
import type { Content } from "../content/site-content.ts";
import type { LiveConfig } from "./config.ts";
import { type FeedOptions, type LiveFeed, liveFeed } from "./feed.ts";
import { githubSource } from "./github.ts";
import type { LiveSource, SourceSetup } from "./source.ts";

export const LIVE_SOURCES: readonly ((setup: SourceSetup) => LiveSource | undefined)[] = [githubSource];

/** The sources this owner has, in the table's order. */
export function liveSources(setup: SourceSetup): LiveSource[] {
  return LIVE_SOURCES.flatMap((source) => source(setup) ?? []);
}

/** The feed over the owner's live sources, as `LIVE_*` and `GITHUB_*` configure it. */
export function ownerFeed(
  live: LiveConfig,
  content: Content,
  userAgent: string,
  { clock, log, metrics }: Pick<FeedOptions, "clock" | "log" | "metrics">,
): LiveFeed {
  return liveFeed(liveSources({ config: live, content, userAgent }), {
    refreshMs: live.refreshSeconds * 1000,
    timeoutMs: live.timeoutMs,
    clock,
    log,
    metrics,
  });
}
