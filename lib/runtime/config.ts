/**
 * @module Configuration: the environment, read and validated once at start-up. A bad
 * value stops start-up with one line that names the variable and what is wrong.
 */

import { type IndexNowConfig, indexNowConfig } from "../indexnow/config.ts";
import { ConfigError, type Env } from "./env.ts";

export interface Config {
  readonly port: number;
  readonly host: string;
  /** The site's public origin, no trailing slash: `{base_url}` in content and links. */
  readonly siteUrl: string;
  /** The `INDEXNOW_*` variables: the key, the engines, the bounds. */
  readonly indexNow: IndexNowConfig;
}

export { ConfigError, type Env };

function port(env: Env): number {
  const raw = env.PORT?.trim();
  if (raw === undefined || raw === "") return 3000;
  const value = Number(raw);
  if (!/^[0-9]+$/.test(raw) || value < 1 || value > 65535) {
    throw new ConfigError("PORT", `must be a whole number from 1 to 65535, got "${raw}"`);
  }
  return value;
}

function host(env: Env): string {
  const raw = env.HOST?.trim();
  if (raw === undefined || raw === "") return "0.0.0.0";
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(raw)) {
    throw new ConfigError("HOST", `must be a host name or IP address, got "${raw}"`);
  }
  return raw;
}

function siteUrl(env: Env, listenPort: number): string {
  const raw = env.SITE_URL?.trim();
  if (raw === undefined || raw === "") return `http://localhost:${listenPort}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("SITE_URL", `must be an absolute URL such as https://example.com, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError("SITE_URL", `must use http or https, got "${url.protocol}"`);
  }
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    throw new ConfigError("SITE_URL", `must be an origin only (scheme, host, port), got "${raw}"`);
  }
  return url.origin;
}

/** Reads the configuration from an environment; throws `ConfigError` on a bad value. */
export function loadConfig(env: Env): Config {
  const listenPort = port(env);
  return {
    port: listenPort,
    host: host(env),
    siteUrl: siteUrl(env, listenPort),
    indexNow: indexNowConfig(env),
  };
}
