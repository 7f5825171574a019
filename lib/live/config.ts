/**
 * @module The live activity's variables: how often sources are read (`LIVE_REFRESH_SECONDS`),
 * how long a read may take (`LIVE_TIMEOUT_MS`), and GitHub's (`GITHUB_API_URL`,
 * `GITHUB_TOKEN`, `GITHUB_LOGIN`), validated at start-up. Whether a source is read at all
 * is the content's to say (a GitHub link), unless `GITHUB_LOGIN` says otherwise.
 */
import { ConfigError, type Env, matching, valueIn, wholeNumber } from "../runtime/env.ts";

export interface LiveConfig {
  /** The least time between two reads of one source, unless the source asks for more. @default 300 */
  readonly refreshSeconds: number;
  /** One read's whole budget: the answer and its body. @default 5000 */
  readonly timeoutMs: number;
  readonly github: GithubConfig;
}

export interface GithubConfig {
  /** The REST API's root, no trailing slash. @default "https://api.github.com" */
  readonly apiUrl: string;
  /** Sent as `Authorization: Bearer`; undefined reads without one (60 reads an hour per address). */
  readonly token: string | undefined;
  /**
   * Whose activity: a login, `off` for none, or undefined to take it from the GitHub link
   * in the content.
   */
  readonly login: string | "off" | undefined;
}

export const DEFAULT_REFRESH_SECONDS = 300;
export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_GITHUB_API_URL = "https://api.github.com";

/** A GitHub login: letters, digits and single hyphens, at most 39, never at either end. */
export const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

function apiUrl(env: Env): string {
  const raw = valueIn(env, "GITHUB_API_URL");
  if (raw === undefined) return DEFAULT_GITHUB_API_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("GITHUB_API_URL", `must be an absolute URL such as ${DEFAULT_GITHUB_API_URL}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError("GITHUB_API_URL", `must use https (or http), got "${url.protocol}"`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError("GITHUB_API_URL", "must be the API's root, with no query, fragment or credentials");
  }
  return url.href.replace(/\/+$/, "");
}

function token(env: Env): string | undefined {
  const raw = valueIn(env, "GITHUB_TOKEN");
  // A token is one printable word; what was given is never repeated: it is a secret.
  if (raw !== undefined && !/^[\x21-\x7e]{1,255}$/.test(raw)) {
    throw new ConfigError(
      "GITHUB_TOKEN",
      `must be one word of printable ASCII (got ${raw.length} characters)`,
    );
  }
  return raw;
}

function login(env: Env): string | "off" | undefined {
  if (valueIn(env, "GITHUB_LOGIN") === "off") return "off";
  return matching(
    env,
    "GITHUB_LOGIN",
    GITHUB_LOGIN,
    'a GitHub login (letters, digits and single hyphens, at most 39) or "off"',
  );
}

/** Reads the live activity's variables; throws `ConfigError` on a bad value. */
export function liveConfig(env: Env): LiveConfig {
  return {
    refreshSeconds: wholeNumber(env, "LIVE_REFRESH_SECONDS", DEFAULT_REFRESH_SECONDS, 1, 86_400),
    timeoutMs: wholeNumber(env, "LIVE_TIMEOUT_MS", DEFAULT_TIMEOUT_MS, 50, 60_000),
    github: { apiUrl: apiUrl(env), token: token(env), login: login(env) },
  };
}
