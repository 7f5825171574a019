/**
 * @module Start-up and shutdown, the same on every runtime. The entry points
 * (`server.ts`, `server.deno.ts`) describe their runtime and call `start` with what the
 * site serves (`lib/features.ts`); so do the tests, the benchmark and the soak, so what
 * they exercise is what ships. In order: the command line, the configuration and the log,
 * the app (every feature set up), the features' own ports, the app's port, the metrics'
 * port, then the features' background work. A bad variable or content file, or a port in
 * use, is a one-line refusal naming it.
 */
import { ContentError } from "../content/site-content.ts";
import type { Connections } from "../http/connections.ts";
import { processMetrics } from "../metrics/process-metrics.ts";
import { Metrics } from "../metrics/registry.ts";
import { readCommandLine } from "../runtime/command-line.ts";
import { type Config, ConfigError, type Env, type ListenAddress, loadConfig } from "../runtime/config.ts";
import { type AddressVariables, ListenError, type ListenFailure } from "../runtime/listen-error.ts";
import { createLog, type Log } from "../runtime/log.ts";
import type { PackageFiles } from "../runtime/package-files.ts";
import { VERSION } from "../runtime/version.ts";
import type { Site } from "../site/site.ts";
import { type App, type AppOptions, createApp, type SiteParts } from "./app.ts";
import { METRICS_PATH, metricsEndpoint } from "./metrics-endpoint.ts";
import { serverCommand } from "./server-usage.ts";

/**
 * Requests in flight get this long to finish after SIGTERM/SIGINT before the process
 * exits anyway. fly.toml's `kill_timeout` must leave room above it (a test checks).
 */
export const SHUTDOWN_GRACE_MS = 8000;

/** A server once it listens: where, and how to stop it. */
export interface Listening {
  /** e.g. `http://127.0.0.1:3000`. */
  readonly url: string;
  /** Stops accepting, and resolves once the requests in flight have been answered. */
  stop(): Promise<void>;
}

/** The runtime's HTTP server for the app, before it listens. */
export interface HttpServer {
  /** What it knows of each request's connection once it listens: the address, how long it may stay quiet. */
  readonly connections: Connections;
  /**
   * Serves `app` at `address`. Rejects with a `ListenError` when the runtime says the
   * address is in use or not this machine's.
   */
  listen(app: App, address: ListenAddress): Promise<Listening>;
}

/** What an entry point tells `start` about its runtime. */
export interface Runtime {
  /** e.g. `bun 1.4.5`, `deno 2.9.6`. */
  readonly name: string;
  readonly env: Env;
  readonly args: readonly string[];
  /** Asked only when `LOG_FORMAT` leaves the log's format open. */
  stdoutIsTerminal(): boolean;
  /** Log lines to stdout; failures to stderr. */
  out(lines: string): void;
  err(text: string): void;
  exit(code: number): never;
  onSignal(signal: "SIGTERM" | "SIGINT", listener: () => void): void;
  /** A server for the app, one per start. */
  httpServer(): HttpServer;
  /** Serves a bare fetch handler: the metrics, a second small server beside the app. Rejects as `listen` does. */
  serve(fetch: (request: Request) => Response, address: ListenAddress): Promise<Listening>;
  /**
   * Reads a file a package ships, where this runtime keeps it: the executable carries
   * those the features name (`packageFiles`); without this, node_modules.
   */
  readonly packageFile?: PackageFiles;
}

/** A running server. */
export interface Server extends Listening {
  readonly app: App;
  /** What its routes and features use: a test finds a feature's service there (`site.service`). */
  readonly site: Site;
  readonly config: Config;
  readonly log: Log;
  /** Where `GET /metrics` is served, e.g. `http://127.0.0.1:9091`; undefined when metrics are off. */
  readonly metricsUrl: string | undefined;
}

/** What the site serves, and what a test may vary in the app; everything else comes from the environment. */
export type StartOptions = SiteParts & Pick<Partial<AppOptions>, "files" | "clock" | "random">;

/**
 * Answers `--help` and `--version` (and refuses any other option, exit 2), reads the
 * configuration, builds the app, opens the features' ports and listens; then drains on
 * SIGTERM or SIGINT. A bad variable or content file, or a port in use, stops start-up
 * with one line naming it, and exit code 1.
 */
export async function start(runtime: Runtime, options: StartOptions): Promise<Server> {
  const read = readCommandLine(runtime.args, serverCommand(options.features, SHUTDOWN_GRACE_MS), runtime);
  if (read.exit !== undefined) return runtime.exit(read.exit);
  if (read.values.version) {
    runtime.out(VERSION);
    return runtime.exit(0);
  }
  const http = runtime.httpServer();
  const metrics = new Metrics();
  let config: Config;
  let log: Log;
  let built: ReturnType<typeof createApp>;
  try {
    config = loadConfig(runtime.env);
    log = createLog({
      format: config.logFormat ?? (runtime.stdoutIsTerminal() ? "pretty" : "json"),
      out: runtime.out,
      err: runtime.err,
    });
    built = createApp({
      ...options,
      config,
      env: runtime.env,
      log,
      metrics,
      connections: http.connections,
      ...(runtime.packageFile && { packageFile: runtime.packageFile }),
    });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ContentError) {
      runtime.err(`Cannot start: ${error.message}`);
      return runtime.exit(1);
    }
    throw error;
  }
  const { app, site, lifecycle } = built;
  // The features' ports first: once the app answers, every port listens (a test's first
  // ping, say, is a promise that every other port answers too). A feature names its own.
  const opened = await listenOrRefuse(runtime, () => lifecycle.open());
  // Half a server is no server: what listens already closes again when a port is refused.
  const closeFeatures = async () => {
    lifecycle.drain();
    await lifecycle.stop();
  };
  const appAddress: ListenAddress = { host: config.host, port: config.port };
  const listening = await listenOrRefuse(runtime, () => http.listen(app, appAddress), {
    at: { variables: APP_VARIABLES, address: appAddress },
    undo: closeFeatures,
  });
  let metricsServer: Listening | undefined;
  if (config.metrics) {
    processMetrics(metrics, { version: VERSION, runtime: runtime.name });
    const address = config.metrics;
    metricsServer = await listenOrRefuse(runtime, () => runtime.serve(metricsEndpoint(metrics), address), {
      at: { variables: METRICS_VARIABLES, address },
      undo: async () => {
        await listening.stop();
        await closeFeatures();
      },
    });
  }
  const server: Server = {
    url: listening.url,
    // The app drains first; Prometheus may scrape until it has.
    async stop() {
      lifecycle.drain();
      await listening.stop();
      // Each answer's after-response hook (its log line, its count) runs in a turn after it
      // leaves: the last answers' run before anything stops.
      await new Promise((resolve) => setImmediate(resolve));
      await lifecycle.stop();
      await metricsServer?.stop();
    },
    app,
    site,
    config,
    log,
    metricsUrl: metricsServer?.url,
  };
  // Before the "listening" line: whoever reads it may send SIGTERM at once, and gets a drain.
  drainOnSignal(runtime, server);
  // Only once every port listens: a start refused for its address starts no background work.
  lifecycle.start();
  const routes = app.routes.length;
  const scrapedAt = metricsServer ? `${metricsServer.url}${METRICS_PATH}` : "off";
  const told = Object.entries(opened).map(([name, words]) => `, ${name} ${words}`);
  log.event(
    "listening",
    {
      version: VERSION,
      runtime: runtime.name,
      address: listening.url,
      metrics: scrapedAt,
      routes,
      site: config.siteUrl,
      ...opened,
    },
    `site ${VERSION} on ${runtime.name} listening at ${listening.url} (${routes} routes, ${config.siteUrl}), metrics ${scrapedAt === "off" ? "off" : `at ${scrapedAt}`}${told.join("")}`,
  );
  return server;
}

/** The variables behind each server's address, for a refusal to name. */
const APP_VARIABLES: AddressVariables = { host: "HOST", port: "PORT" };
const METRICS_VARIABLES: AddressVariables = { host: "METRICS_HOST", port: "METRICS_PORT" };

/** What each failure to listen says, and which of the address's variables it names. */
const REFUSALS: Readonly<
  Record<
    ListenFailure,
    { names: keyof AddressVariables; problem(address: ListenAddress, variable: string): string }
  >
> = {
  "in use": {
    names: "port",
    problem: ({ host, port }, variable) =>
      `${port} is in use on ${host}: another server listens there; stop it, or set ${variable} to a free port`,
  },
  "not available": {
    names: "host",
    problem: ({ host }) => `${host} is not an address of this machine`,
  },
  "not permitted": {
    names: "port",
    problem: ({ port }, variable) =>
      `${port} needs privileges this process lacks (ports below 1024); set ${variable} to 1024 or above`,
  },
};

/**
 * Listens, or refuses to start in one line: naming the variable behind the address when
 * the runtime says it is in use or not this machine's (the address the error names, else
 * `at`), or the variable a `ConfigError` names (a host key that will not parse). `undo`
 * first closes what already listens. Any other failure is a bug, and is thrown as it is.
 */
async function listenOrRefuse<T>(
  runtime: Runtime,
  listen: () => Promise<T>,
  {
    at,
    undo = async () => {},
  }: {
    readonly at?: { readonly variables: AddressVariables; readonly address: ListenAddress };
    readonly undo?: () => Promise<void>;
  } = {},
): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    await undo();
    if (error instanceof ConfigError) {
      runtime.err(`Cannot start: ${error.message}`);
      return runtime.exit(1);
    }
    const refused = error instanceof ListenError ? (error.at ?? at) : undefined;
    if (!(error instanceof ListenError) || !refused) throw error;
    const refusal = REFUSALS[error.failure];
    const variable = refused.variables[refusal.names];
    runtime.err(`Cannot start: ${variable}: ${refusal.problem(refused.address, variable)}`);
    return runtime.exit(1);
  }
}

/**
 * On SIGTERM or SIGINT: stop accepting, let requests in flight finish, exit 0. Exit 1
 * if they are still running after the grace period.
 */
function drainOnSignal(runtime: Runtime, server: Server, graceMs = SHUTDOWN_GRACE_MS): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.event("draining", { signal }, `${signal}: draining requests in flight`);
    const timer = setTimeout(() => {
      server.log.flush();
      runtime.err(`Requests still running ${graceMs} ms after ${signal}: exiting anyway`);
      runtime.exit(1);
    }, graceMs);
    await server.stop();
    clearTimeout(timer);
    server.log.event("stopped", { signal }, "stopped");
    runtime.exit(0);
  };
  runtime.onSignal("SIGTERM", () => void shutdown("SIGTERM"));
  runtime.onSignal("SIGINT", () => void shutdown("SIGINT"));
}
