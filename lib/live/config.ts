/**
 * @module The live activity's variables: how often sources are read (`LIVE_REFRESH_SECONDS`)
 * and how long a read may take (`LIVE_TIMEOUT_MS`), validated at start-up with each
 * source's own (`GITHUB_*`, `LASTFM_*`), which its file reads (`sources.ts`). Whether a
 * source is read at all is the content's to say (a GitHub link), or its variables'.
 */
import { type PollSettings, pollHelp, pollSettings } from "../outbound/poll-settings.ts";
import type { Env } from "../runtime/env.ts";
import type { FeatureSettings } from "../site/feature.ts";
import type { OwnerSource } from "./source.ts";
import { LIVE_SOURCES } from "./sources.ts";

export interface LiveConfig extends PollSettings {
  /** Each source of `LIVE_SOURCES`, as its variables configure it. */
  readonly sources: readonly OwnerSource[];
}

const VARIABLES = { refresh: "LIVE_REFRESH_SECONDS", timeout: "LIVE_TIMEOUT_MS" };

/** Reads the live activity's variables, and every source's; throws `ConfigError` on a bad value. */
export function liveConfig(env: Env): LiveConfig {
  return {
    ...pollSettings(env, VARIABLES),
    sources: LIVE_SOURCES.map((source) => source.configure(env)),
  };
}

export const LIVE_SETTINGS: FeatureSettings<LiveConfig> = {
  help: [pollHelp(VARIABLES, "the owner's live activity is read"), ...LIVE_SOURCES.map(({ help }) => help)],
  read: liveConfig,
};
