/**
 * @module The replies' variables: where Bluesky's public AppView is (`BLUESKY_APPVIEW`),
 * how often each post's replies are read (`REPLIES_REFRESH_SECONDS`) and how long a read
 * may take (`REPLIES_TIMEOUT_MS`). Which posts are read is the content's to say: those
 * content/now-history.json records. Mastodon's replies are read where the post is, at
 * the origin of its URL, with no account.
 */
import { type PollSettings, pollHelp, pollSettings } from "../outbound/poll-settings.ts";
import { apiRoot, type Env } from "../runtime/env.ts";
import type { FeatureSettings } from "../site/feature.ts";

export const DEFAULT_BLUESKY_APPVIEW = "https://public.api.bsky.app";
const VARIABLES = { refresh: "REPLIES_REFRESH_SECONDS", timeout: "REPLIES_TIMEOUT_MS" };

export interface RepliesConfig extends PollSettings {
  /** The AppView's root, without a trailing slash. @default https://public.api.bsky.app */
  readonly blueskyAppView: string;
}

export function repliesConfig(env: Env): RepliesConfig {
  return {
    blueskyAppView: apiRoot(env, "BLUESKY_APPVIEW", DEFAULT_BLUESKY_APPVIEW).href.replace(/\/+$/, ""),
    ...pollSettings(env, VARIABLES),
  };
}

export const REPLIES_SETTINGS: FeatureSettings<RepliesConfig> = {
  help: [
    {
      variables: ["BLUESKY_APPVIEW"],
      meaning: `where Bluesky's replies to the owner's posts are read (${new URL(DEFAULT_BLUESKY_APPVIEW).host})`,
    },
    pollHelp(VARIABLES, "each post's replies are read"),
  ],
  read: repliesConfig,
};
