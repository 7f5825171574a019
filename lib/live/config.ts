/**
 * @module The live activity's variables: how often sources are read (`LIVE_REFRESH_SECONDS`)
 * and how long a read may take (`LIVE_TIMEOUT_MS`), validated at start-up with each
 * source's own (`GITHUB_*`, `LASTFM_*`), which its file reads (`sources.ts`). Whether a
 * source is read at all is the content's to say (a GitHub link), or its variables'.
 */
import type { Env } from "../runtime/env.ts";
import { wholeNumber } from "../runtime/env.ts";
import type { FeatureSettings } from "../site/feature.ts";
import type { OwnerSource } from "./source.ts";
import { LIVE_SOURCES } from "./sources.ts";

export interface LiveConfig {
  /** The least time between two reads of one source, unless the source asks for more. @default 300 */
  readonly refreshSeconds: number;
  /** One read's whole budget: the answer and its body. @default 5000 */
  readonly timeoutMs: number;
  /** Each source of `LIVE_SOURCES`, as its variables configure it. */
  readonly sources: readonly OwnerSource[];
}

export const DEFAULT_REFRESH_SECONDS = 300;
export const DEFAULT_TIMEOUT_MS = 5000;

/** Reads the live activity's variables, and every source's; throws `ConfigError` on a bad value. */
export function liveConfig(env: Env): LiveConfig {
  return {
    refreshSeconds: wholeNumber(env, "LIVE_REFRESH_SECONDS", DEFAULT_REFRESH_SECONDS, 1, 86_400),
    timeoutMs: wholeNumber(env, "LIVE_TIMEOUT_MS", DEFAULT_TIMEOUT_MS, 50, 60_000),
    sources: LIVE_SOURCES.map((source) => source.configure(env)),
  };
}

export const LIVE_SETTINGS: FeatureSettings<LiveConfig> = {
  help: [
    {
      variables: ["LIVE_REFRESH_SECONDS", "LIVE_TIMEOUT_MS"],
      meaning: `how often (${DEFAULT_REFRESH_SECONDS} s) and for how long (${DEFAULT_TIMEOUT_MS} ms) the owner's live activity is read`,
    },
    ...LIVE_SOURCES.map(({ help }) => help),
  ],
  read: liveConfig,
};
