/**
 * @module The replies' variables: where Bluesky's public AppView is (`BLUESKY_APPVIEW`),
 * how often each post's replies are read (`REPLIES_REFRESH_SECONDS`) and how long a read
 * may take (`REPLIES_TIMEOUT_MS`). Which posts are read is the content's to say: those
 * content/now-history.json records. Mastodon's replies are read where the post is, at
 * the origin of its URL, with no account.
 */
import { apiRoot, type Env, wholeNumber } from "../runtime/env.ts";
import type { FeatureSettings } from "../site/feature.ts";

export const DEFAULT_BLUESKY_APPVIEW = "https://public.api.bsky.app";
export const DEFAULT_REFRESH_SECONDS = 300;
export const DEFAULT_TIMEOUT_MS = 5000;

export interface RepliesConfig {
  /** The AppView's root, without a trailing slash. @default https://public.api.bsky.app */
  readonly blueskyAppView: string;
  /** The least time between two reads of one post's replies. @default 300 */
  readonly refreshSeconds: number;
  /** One read's whole budget: the answer and its body. @default 5000 */
  readonly timeoutMs: number;
}

export function repliesConfig(env: Env): RepliesConfig {
  return {
    blueskyAppView: apiRoot(env, "BLUESKY_APPVIEW", DEFAULT_BLUESKY_APPVIEW).href.replace(/\/+$/, ""),
    refreshSeconds: wholeNumber(env, "REPLIES_REFRESH_SECONDS", DEFAULT_REFRESH_SECONDS, 1, 86_400),
    timeoutMs: wholeNumber(env, "REPLIES_TIMEOUT_MS", DEFAULT_TIMEOUT_MS, 50, 60_000),
  };
}

export const REPLIES_SETTINGS: FeatureSettings<RepliesConfig> = {
  help: [
    {
      variables: ["BLUESKY_APPVIEW"],
      meaning: `where Bluesky's replies to the owner's posts are read (${new URL(DEFAULT_BLUESKY_APPVIEW).host})`,
    },
    {
      variables: ["REPLIES_REFRESH_SECONDS", "REPLIES_TIMEOUT_MS"],
      meaning: `how often (${DEFAULT_REFRESH_SECONDS} s) and for how long (${DEFAULT_TIMEOUT_MS} ms) each post's replies are read`,
    },
  ],
  read: repliesConfig,
};
