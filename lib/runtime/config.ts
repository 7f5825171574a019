/**
 * @module Configuration: the environment, read and validated once at start-up. A bad
 * value stops start-up with one line that names the variable and what is wrong.
 */
import { type DoorsConfig, doorsConfig } from "../doors/config.ts";
import { type FlyMachine, flyMachine } from "../fleet/config.ts";
import { type IndexNowConfig, indexNowConfig } from "../indexnow/config.ts";
import { type LiveConfig, liveConfig } from "../live/config.ts";
import { type StreamsConfig, streamsConfig } from "../streams/config.ts";
import { ConfigError, type Env, matching, valueIn, wholeNumber } from "./env.ts";
import type { LogFormat } from "./log.ts";

/** Where a server listens. */
export interface ListenAddress {
  readonly host: string;
  /** 0 asks the system for any free port (the start-up line says which). */
  readonly port: number;
}

export interface Config {
  /** The port to listen on; 0 asks the system for any free one (the start-up line says which). */
  readonly port: number;
  readonly host: string;
  /**
   * Where `GET /metrics` listens, never on the public port; undefined when metrics are
   * off. Never reachable from the internet unless `METRICS_HOST` says so: loopback off
   * Fly, the machine's private network address on Fly, where Fly's Prometheus scrapes.
   */
  readonly metrics: ListenAddress | undefined;
  /** The site's public origin, no trailing slash: `{base_url}` in content and links. */
  readonly siteUrl: string;
  /** `LOG_FORMAT`; undefined leaves it to whether stdout is a terminal. */
  readonly logFormat: LogFormat | undefined;
  /** The `INDEXNOW_*` variables: the key, the engines, the bounds. */
  readonly indexNow: IndexNowConfig;
  /** The `LIVE_*` and `GITHUB_*` variables: how the owner's live activity is read. */
  readonly live: LiveConfig;
  /** `LIVE_VIEW_SECONDS`, `LIVE_VIEWS_MAX`, `LIVE_VIEWS_PER_CLIENT`: what bounds the live view and the event stream. */
  readonly streams: StreamsConfig;
  /** The `SSH_*` and `FINGER_*` variables: the doors beside HTTP, off unless their port is set. */
  readonly doors: DoorsConfig;
  /** This machine when running on Fly.io (the `FLY_*` variables); undefined elsewhere. */
  readonly fly: FlyMachine | undefined;
  /**
   * `CONTENT_DIR`: a folder of content files read at start-up in place of the built-in
   * `content/`; undefined serves the built-in files.
   */
  readonly contentDir: string | undefined;
}

export { ConfigError, type Env };

/** A host name or IP address to listen on, from `variable`; undefined when unset. */
const hostIn = (env: Env, variable: string) =>
  matching(env, variable, /^[A-Za-z0-9.:[\]-]+$/, "a host name or IP address");

/** Where Fly's Prometheus looks unless told otherwise (the `[metrics]` section of fly.toml). */
export const DEFAULT_METRICS_PORT = 9091;
/** Where metrics listen off Fly when `METRICS_PORT` turns them on: this machine only. */
export const DEFAULT_METRICS_HOST = "127.0.0.1";

/**
 * Off Fly, metrics are off unless `METRICS_PORT` is set, and then on loopback: two
 * servers on one machine need no setting beyond their own `PORT`, and a VPS does not
 * publish them. On Fly, port 9091 on the machine's private network address, where Fly's
 * Prometheus scrapes and the internet does not reach (docs/metrics.md).
 */
function metricsAddress(
  env: Env,
  publicPort: number,
  fly: FlyMachine | undefined,
): ListenAddress | undefined {
  const raw = valueIn(env, "METRICS_PORT");
  const host = hostIn(env, "METRICS_HOST");
  if (raw === "off") return undefined;
  if (raw === undefined && !fly) {
    if (host === undefined) return undefined;
    throw new ConfigError(
      "METRICS_HOST",
      `serves nothing while metrics are off: set METRICS_PORT too (Prometheus' usual port is ${DEFAULT_METRICS_PORT})`,
    );
  }
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
  if (host !== undefined) return { host, port };
  if (!fly) return { host: DEFAULT_METRICS_HOST, port };
  if (fly.privateIp === undefined) {
    throw new ConfigError(
      "FLY_PRIVATE_IP",
      "must be set on Fly (FLY_APP_NAME is): the metrics listen on it; or set METRICS_HOST, or METRICS_PORT=off",
    );
  }
  return { host: fly.privateIp, port };
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
  const fly = flyMachine(env);
  const metrics = metricsAddress(env, port, fly);
  return {
    port,
    host: hostIn(env, "HOST") ?? "0.0.0.0",
    metrics,
    siteUrl: siteUrl(env, port),
    logFormat: logFormat(env),
    indexNow: indexNowConfig(env),
    live: liveConfig(env),
    streams: streamsConfig(env),
    doors: doorsConfig(env, { PORT: port, METRICS_PORT: metrics?.port }),
    fly,
    contentDir: valueIn(env, "CONTENT_DIR"),
  };
}
