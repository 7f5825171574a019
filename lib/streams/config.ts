/**
 * @module The limits of what holds a connection open (the live view, the event stream):
 * `LIVE_VIEW_SECONDS`, `LIVE_VIEWS_MAX` and `LIVE_VIEWS_PER_CLIENT`, validated at start-up.
 */
import { type Env, wholeNumber } from "../runtime/env.ts";
import type { FeatureSettings } from "../site/feature.ts";

export interface StreamsConfig {
  /** How long one stays open before it ends with a line that says how to come back. @default 600 */
  readonly seconds: number;
  /** How many may be open at once, whoever holds them. @default 100 */
  readonly max: number;
  /** How many one client (one address) may hold at once. @default 3 */
  readonly perClient: number;
}

export const DEFAULT_STREAM_SECONDS = 600;
export const DEFAULT_STREAMS_MAX = 100;
export const DEFAULT_STREAMS_PER_CLIENT = 3;

/** Reads the limits; throws `ConfigError` on a bad value. */
export function streamsConfig(env: Env): StreamsConfig {
  return {
    seconds: wholeNumber(env, "LIVE_VIEW_SECONDS", DEFAULT_STREAM_SECONDS, 1, 86_400),
    max: wholeNumber(env, "LIVE_VIEWS_MAX", DEFAULT_STREAMS_MAX, 1, 10_000),
    perClient: wholeNumber(env, "LIVE_VIEWS_PER_CLIENT", DEFAULT_STREAMS_PER_CLIENT, 1, 1_000),
  };
}

export const STREAMS_SETTINGS: FeatureSettings<StreamsConfig> = {
  help: [
    {
      variables: ["LIVE_VIEW_SECONDS", "LIVE_VIEWS_MAX", "LIVE_VIEWS_PER_CLIENT"],
      meaning: `how long a live view or event stream stays open (${DEFAULT_STREAM_SECONDS} s), and how many at once (${DEFAULT_STREAMS_MAX}) and per client address (${DEFAULT_STREAMS_PER_CLIENT})`,
    },
  ],
  read: streamsConfig,
};
