/**
 * @module IndexNow configuration: the `INDEXNOW_*` variables, validated at start-up.
 * The key is per site, so it only ever comes from the environment (a Fly secret in
 * production); without one the trigger answers 503 rather than failing start-up.
 */
import { ConfigError, type Env, valueIn, wholeNumber } from "../runtime/env.ts";
import type { FeatureSettings } from "../site/feature.ts";

export interface IndexNowConfig {
  /** 8-128 of `a-z A-Z 0-9 -`; undefined when `INDEXNOW_KEY` is not set. */
  readonly key: string | undefined;
  /** One POST per engine, in parallel. */
  readonly endpoints: readonly string[];
  /** Minimum gap between submissions; 0 disables the cooldown. @default 300 */
  readonly cooldownSeconds: number;
  /** Each engine's whole budget, retry included. @default 5000 */
  readonly timeoutMs: number;
}

/** A major web search engine and a regional one; both share submissions with the rest. */
export const DEFAULT_ENDPOINTS = ["https://www.bing.com/indexnow", "https://yandex.com/indexnow"] as const;
export const DEFAULT_COOLDOWN_SECONDS = 300;
export const DEFAULT_TIMEOUT_MS = 5000;

/** The protocol's key format (indexnow.org): 8 to 128 characters of a-z, A-Z, 0-9 and `-`. */
export const KEY_PATTERN = /^[a-zA-Z0-9-]{8,128}$/;

function key(env: Env): string | undefined {
  const raw = valueIn(env, "INDEXNOW_KEY");
  if (raw === undefined) return undefined;
  if (!KEY_PATTERN.test(raw)) {
    throw new ConfigError(
      "INDEXNOW_KEY",
      `must be 8 to 128 characters of a-z, A-Z, 0-9 and "-" (got ${raw.length} characters)`,
    );
  }
  return raw;
}

function endpoints(env: Env): readonly string[] {
  const raw = valueIn(env, "INDEXNOW_ENDPOINTS");
  if (raw === undefined) return DEFAULT_ENDPOINTS;
  const list = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of list) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError("INDEXNOW_ENDPOINTS", `"${entry}" is not an absolute URL`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new ConfigError("INDEXNOW_ENDPOINTS", `"${entry}" must use https (or http)`);
    }
  }
  if (new Set(list).size !== list.length) {
    throw new ConfigError("INDEXNOW_ENDPOINTS", "names the same endpoint twice");
  }
  if (list.length === 0) throw new ConfigError("INDEXNOW_ENDPOINTS", "names no endpoint");
  return list;
}

/** Reads the `INDEXNOW_*` variables; throws `ConfigError` on a bad value. */
export function indexNowConfig(env: Env): IndexNowConfig {
  return {
    key: key(env),
    endpoints: endpoints(env),
    cooldownSeconds: wholeNumber(env, "INDEXNOW_COOLDOWN_SECONDS", DEFAULT_COOLDOWN_SECONDS, 0, 86_400),
    timeoutMs: wholeNumber(env, "INDEXNOW_TIMEOUT_MS", DEFAULT_TIMEOUT_MS, 50, 60_000),
  };
}

export const INDEXNOW_SETTINGS: FeatureSettings<IndexNowConfig> = {
  help: [
    {
      variables: ["INDEXNOW_KEY", "INDEXNOW_ENDPOINTS", "INDEXNOW_COOLDOWN_SECONDS", "INDEXNOW_TIMEOUT_MS"],
      meaning: "the IndexNow trigger (off without a key)",
    },
  ],
  read: indexNowConfig,
};
