/**
 * @module Configuration: the environment, read and validated once at start-up. A bad
 * value stops start-up with one line that names the variable and what is wrong.
 */
import { type FlyMachine, flyMachine } from "../fleet/config.ts";
import { type IndexNowConfig, indexNowConfig } from "../indexnow/config.ts";
import { ConfigError, type Env, valueIn, wholeNumber } from "./env.ts";
import type { LogFormat } from "./log.ts";

export interface Config {
  /** The port to listen on; 0 asks the system for any free one (the start-up line says which). */
  readonly port: number;
  readonly host: string;
  /**
   * The port of `GET /metrics`, on `host` beside the public one; 0 asks for any free one;
   * undefined when `METRICS_PORT=off`. Never the public port.
   */
  readonly metricsPort: number | undefined;
  /** The site's public origin, no trailing slash: `{base_url}` in content and links. */
  readonly siteUrl: string;
  /** `LOG_FORMAT`; undefined leaves it to whether stdout is a terminal. */
  readonly logFormat: LogFormat | undefined;
  /** The `INDEXNOW_*` variables: the key, the engines, the bounds. */
  readonly indexNow: IndexNowConfig;
  /** This machine when running on Fly.io (the `FLY_*` variables); undefined elsewhere. */
  readonly fly: FlyMachine | undefined;
  /**
   * `CONTENT_DIR`: a folder of content files read at start-up in place of the built-in
   * `content/`; undefined serves the built-in files.
   */
  readonly contentDir: string | undefined;
}

export { ConfigError, type Env };

function host(env: Env): string {
  const raw = valueIn(env, "HOST");
  if (raw === undefined) return "0.0.0.0";
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(raw)) {
    throw new ConfigError("HOST", `must be a host name or IP address, got "${raw.slice(0, 64)}"`);
  }
  return raw;
}

/** Where Fly's Prometheus looks unless told otherwise (the `[metrics]` section of fly.toml). */
export const DEFAULT_METRICS_PORT = 9091;

function metricsPort(env: Env, publicPort: number): number | undefined {
  const raw = valueIn(env, "METRICS_PORT");
  if (raw === "off") return undefined;
  const port = raw === undefined ? DEFAULT_METRICS_PORT : Number(raw);
  if (raw !== undefined && (!/^[0-9]+$/.test(raw) || port > 65535)) {
    throw new ConfigError(
      "METRICS_PORT",
      `must be a whole number from 0 to 65535, or "off", got "${raw.slice(0, 32)}"`,
    );
  }
  if (port !== 0 && port === publicPort) {
    throw new ConfigError(
      "METRICS_PORT",
      `must differ from PORT (${port}): the metrics are not public; set METRICS_PORT to another port, or "off"`,
    );
  }
  return port;
}

function siteUrl(env: Env, listenPort: number): string {
  const raw = valueIn(env, "SITE_URL");
  if (raw === undefined) return `http://localhost:${listenPort}`;
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

function logFormat(env: Env): LogFormat | undefined {
  const raw = valueIn(env, "LOG_FORMAT");
  if (raw === undefined || raw === "json" || raw === "pretty") return raw;
  throw new ConfigError("LOG_FORMAT", `must be "json" or "pretty", got "${raw.slice(0, 32)}"`);
}

/** Reads the configuration from an environment; throws `ConfigError` on a bad value. */
export function loadConfig(env: Env): Config {
  const port = wholeNumber(env, "PORT", 3000, 0, 65535);
  return {
    port,
    host: host(env),
    metricsPort: metricsPort(env, port),
    siteUrl: siteUrl(env, port),
    logFormat: logFormat(env),
    indexNow: indexNowConfig(env),
    fly: flyMachine(env),
    contentDir: valueIn(env, "CONTENT_DIR"),
  };
}
