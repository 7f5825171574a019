/**
 * @module Start-up and shutdown, the same on every runtime: the entry points
 * (`server.ts`, `server.deno.ts`) only describe their runtime and listen.
 */

import { routes as manifest } from "../../routes/_manifest.gen.ts";
import { ContentError } from "../content/validate.ts";
import { type FetchHandler, logFormat, type MatchedRoute, withAccessLog } from "../http/access-log.ts";
import { type App, type AppOptions, createApp } from "../http/app.ts";
import { METHODS } from "../http/route.ts";
import { type AccessLines, accessLines, type LogFormat } from "./access-lines.ts";
import { type Config, ConfigError, type Env, loadConfig } from "./config.ts";
import { VERSION } from "./version.ts";

/**
 * Requests in flight get this long to finish after SIGTERM/SIGINT before the process
 * exits anyway. fly.toml's `kill_timeout` must leave room above it (a test checks).
 */
export const SHUTDOWN_GRACE_MS = 8000;

/** What an entry point tells the shared start-up about its runtime. */
export interface Runtime {
  /** e.g. `bun 1.4.5`, `deno 2.9.6`. */
  readonly name: string;
  readonly env: Env;
  readonly args: readonly string[];
  /** Asked only when `LOG_FORMAT` leaves the log's format open. */
  stdoutIsTerminal(): boolean;
  /** One line to stdout (the access log, start-up) or stderr (failures). */
  out(line: string): void;
  err(line: string): void;
  exit(code: number): never;
  onSignal(signal: "SIGTERM" | "SIGINT", listener: () => void): void;
}

export interface Prepared {
  readonly config: Config;
  readonly app: App;
  /** The app's fetch handler wrapped in the access log: what the server listens with. */
  readonly fetch: FetchHandler;
  /** Wraps another handler in the same access log: a route the server's router matched. */
  readonly logged: (handler: FetchHandler, matched: MatchedRoute) => FetchHandler;
  readonly format: LogFormat;
  /** The access log's lines, batched for stdout. */
  readonly lines: AccessLines;
  /** Method-and-path pairs served from route files. */
  readonly routeCount: number;
}

function countRoutes(routes: NonNullable<AppOptions["routes"]>): number {
  return routes.reduce((sum, [, module]) => sum + METHODS.filter((method) => module[method]).length, 0);
}

/**
 * Handles `--version`, reads the configuration and builds the app. A bad variable or
 * content file stops start-up with one line naming it, and exit code 1.
 */
export function prepare(runtime: Runtime, options: Pick<AppOptions, "routes"> = {}): Prepared {
  if (runtime.args.includes("--version")) {
    runtime.out(VERSION);
    runtime.exit(0);
  }
  try {
    const config = loadConfig(runtime.env);
    const format = logFormat(runtime.env, runtime.stdoutIsTerminal);
    const app = createApp({ config, ...options });
    const lines = accessLines({ format, out: runtime.out });
    const logged: Prepared["logged"] = (handler, matched) => withAccessLog(handler, { lines, matched });
    const fetch = withAccessLog((request) => app.fetch(request), { lines });
    return { config, app, fetch, logged, format, lines, routeCount: countRoutes(options.routes ?? manifest) };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ContentError) {
      runtime.err(`Cannot start: ${error.message}`);
      return runtime.exit(1);
    }
    throw error;
  }
}

/**
 * Writes one event line in the log's format (pretty lines read as a sentence), after
 * every access line queued before it.
 */
function event(
  runtime: Runtime,
  prepared: Prepared,
  fields: Record<string, string | number>,
  pretty: string,
) {
  const time = new Date().toISOString();
  prepared.lines.flush();
  runtime.out(prepared.format === "json" ? JSON.stringify({ time, ...fields }) : `${time} ${pretty}`);
}

/** The start-up line: version, runtime, address and how many routes were loaded. */
export function announce(runtime: Runtime, prepared: Prepared, address: string): void {
  const { routeCount, config } = prepared;
  event(
    runtime,
    prepared,
    {
      event: "listening",
      version: VERSION,
      runtime: runtime.name,
      address,
      routes: routeCount,
      site: config.siteUrl,
    },
    `site ${VERSION} on ${runtime.name} listening at ${address} (${routeCount} routes, ${config.siteUrl})`,
  );
}

/**
 * On SIGTERM or SIGINT: stop accepting, let requests in flight finish (`stop` resolves
 * when they have), exit 0. Exit 1 if they are still running after the grace period.
 */
export function drainOnSignal(
  runtime: Runtime,
  prepared: Prepared,
  stop: () => Promise<unknown>,
  graceMs = SHUTDOWN_GRACE_MS,
): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    event(runtime, prepared, { event: "draining", signal }, `${signal}: draining requests in flight`);
    const timer = setTimeout(() => {
      prepared.lines.flush();
      runtime.err(`Requests still running ${graceMs} ms after ${signal}: exiting anyway`);
      runtime.exit(1);
    }, graceMs);
    await stop();
    clearTimeout(timer);
    event(runtime, prepared, { event: "stopped", signal }, "stopped");
    runtime.exit(0);
  };
  runtime.onSignal("SIGTERM", () => void shutdown("SIGTERM"));
  runtime.onSignal("SIGINT", () => void shutdown("SIGINT"));
}
