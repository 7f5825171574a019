/**
 * @module The core's configuration: where the server listens, the site's URL, the log, the
 * content, and whether it runs on Fly.io; read from the environment and validated once at
 * start-up. Each feature reads its own variables (`Feature.settings`). A bad value stops
 * start-up with one line that names the variable and what is wrong.
 */
import { ConfigError, type Env, matching, type VariableHelp, valueIn, wholeNumber } from "./env.ts";
import { type FlyMachine, flyMachine } from "./fly.ts";
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
  /** This machine when running on Fly.io (the `FLY_*` variables); undefined elsewhere. */
  readonly fly: FlyMachine | undefined;
  /**
   * `CONTENT_DIR`: a folder of content files read at start-up in place of the built-in
   * `content/`; undefined serves the built-in files.
   */
  readonly contentDir: string | undefined;
}

export { ConfigError, type Env, type VariableHelp };

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

/**
 * The site's origin, as the server takes `SITE_URL`: an absolute http or https URL that is
 * an origin only (a trailing slash allowed), without one. The commands that take the site's
 * URL (`post`, `notify`, `site-url`) read it with this too, so none accepts one the server
 * refuses; `variable` is the name a refusal gives (`BASE_URL`, `fly.toml's [env] SITE_URL`).
 */
export function siteOrigin(raw: string, variable = "SITE_URL"): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(variable, `must be an absolute URL such as https://example.com, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(variable, `must use http or https, got "${url.protocol}"`);
  }
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(variable, `must be an origin only (scheme, host, port), got "${raw}"`);
  }
  return url.origin;
}

function siteUrl(env: Env, listenPort: number): string {
  const raw = valueIn(env, "SITE_URL");
  return raw === undefined ? `http://localhost:${listenPort}` : siteOrigin(raw);
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
    fly,
    contentDir: valueIn(env, "CONTENT_DIR"),
  };
}

/** What `--help` says of the core's variables, in the order it lists them. */
export const CONFIG_HELP: readonly VariableHelp[] = [
  { variables: ["PORT"], meaning: "listen port; 0 picks any free one (3000)" },
  { variables: ["HOST"], meaning: "listen address (0.0.0.0)" },
  {
    variables: ["SITE_URL"],
    meaning: "the site's public origin, for links and {base_url} (http://localhost:$PORT)",
  },
  {
    variables: ["METRICS_PORT"],
    meaning: `GET /metrics on a port of its own; 0 any free one, off none (off; ${DEFAULT_METRICS_PORT} on Fly)`,
  },
  {
    variables: ["METRICS_HOST"],
    meaning: `where the metrics listen (${DEFAULT_METRICS_HOST}; on Fly, FLY_PRIVATE_IP)`,
  },
  { variables: ["LOG_FORMAT"], meaning: "json or pretty (pretty on a terminal, json otherwise)" },
  {
    variables: ["CONTENT_DIR"],
    meaning: "a folder of content files to serve instead of the built-in content/",
  },
  {
    variables: [
      "FLY_APP_NAME",
      "FLY_MACHINE_ID",
      "FLY_REGION",
      "PRIMARY_REGION",
      "FLY_PRIVATE_IP",
      "FLY_INTERNAL_DNS",
    ],
    meaning: "set by Fly.io in every machine",
  },
];
