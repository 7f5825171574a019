/**
 * @module Start-up and shutdown, the same on every runtime. The entry points
 * (`server.ts`, `server.deno.ts`) describe their runtime and call `start`; so do the
 * tests, the benchmark and the soak, so what they exercise is what ships. Two servers
 * listen: the app on `PORT`, and `GET /metrics` for Prometheus on `METRICS_PORT` when
 * metrics are on. A port in use, like a bad variable, is a one-line refusal naming it.
 */
import { ContentError } from "../content/site-content.ts";
import { type Doors, openDoors } from "../doors/doors.ts";
import { type App, type AppOptions, createApp, siteOf } from "../http/app.ts";
import type { Connections } from "../http/connections.ts";
import { METRICS_PATH, metricsEndpoint } from "../metrics/endpoint.ts";
import { processMetrics } from "../metrics/process-metrics.ts";
import { siteMetrics } from "../metrics/site-metrics.ts";
import { readCommandLine } from "./command-line.ts";
import { type Config, ConfigError, type Env, type ListenAddress, loadConfig } from "./config.ts";
import { Lifecycle } from "./lifecycle.ts";
import { ListenError, type ListenFailure } from "./listen-error.ts";
import { createLog, type Log } from "./log.ts";
import { SERVER_COMMAND } from "./server-usage.ts";
import { VERSION } from "./version.ts";

/**
 * Requests in flight get this long to finish after SIGTERM/SIGINT before the process
 * exits anyway. fly.toml's `kill_timeout` must leave room above it (a test checks).
 */
export const SHUTDOWN_GRACE_MS = 8000;

/** How long the doors' connections get to close after their last line, within the grace. */
const DOORS_CLOSE_MS = 1500;

/** The server once it listens: where, and how to stop it. */
export interface Listening {
  /** e.g. `http://127.0.0.1:3000`. */
  readonly url: string;
  /** Stops accepting, and resolves once the requests in flight have been answered. */
  stop(): Promise<void>;
  /** What the server knows of each request's connection; none for the metrics' server. */
  readonly connections?: Connections;
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
  /**
   * Serves the app at the configured address. Rejects with a `ListenError` when the
   * runtime says the address is in use or not this machine's.
   */
  listen(app: App, address: ListenAddress): Promise<Listening>;
  /** Serves a bare fetch handler: the metrics, a second small server beside the app. Rejects as `listen` does. */
  serve(fetch: (request: Request) => Response, address: ListenAddress): Promise<Listening>;
}

/** A running server. */
export interface Server extends Listening {
  readonly app: App;
  readonly config: Config;
  readonly log: Log;
  /** Where `GET /metrics` is served, e.g. `http://127.0.0.1:9091`; undefined when metrics are off. */
  readonly metricsUrl: string | undefined;
  /** The doors beside HTTP (SSH, finger) that listen, and where. */
  readonly doors: Pick<Doors, "ssh" | "finger">;
}

/** What a test may vary in the app; everything else comes from the environment. */
export type StartOptions = Omit<AppOptions, "config" | "log" | "metrics" | "lifecycle" | "connections">;

/**
 * Answers `--help` and `--version` (and refuses any other option, exit 2), reads the
 * configuration, builds the app and listens; then drains on SIGTERM or SIGINT. A bad
 * variable or content file, or a port in use, stops start-up with one line naming it,
 * and exit code 1.
 */
export async function start(runtime: Runtime, options: StartOptions = {}): Promise<Server> {
  const read = readCommandLine(runtime.args, SERVER_COMMAND, runtime);
  if (read.exit !== undefined) return runtime.exit(read.exit);
  if (read.values.version) {
    runtime.out(VERSION);
    return runtime.exit(0);
  }
  let config: Config;
  let log: Log;
  let app: App;
  // The app is built before it listens; what its server knows of a connection is asked later.
  let listeningConnections: Connections | undefined;
  const untilListening: Connections = {
    peerAddress: (request) => listeningConnections?.peerAddress(request),
    allowQuiet: (request, seconds) => listeningConnections?.allowQuiet(request, seconds),
  };
  const metrics = siteMetrics();
  const lifecycle = new Lifecycle();
  try {
    config = loadConfig(runtime.env);
    log = createLog({
      format: config.logFormat ?? (runtime.stdoutIsTerminal() ? "pretty" : "json"),
      out: runtime.out,
      err: runtime.err,
    });
    app = createApp({ config, log, metrics, lifecycle, connections: untilListening, ...options });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ContentError) {
      runtime.err(`Cannot start: ${error.message}`);
      return runtime.exit(1);
    }
    throw error;
  }
  // The doors first: once the app answers, every port listens (a test's first ping, say,
  // is a promise that ssh and finger answer too).
  let doors: Doors;
  try {
    doors = await openDoors(config, siteOf(app), { log, metrics }, async (variable, port, error) => {
      if (!(error instanceof ListenError)) throw error;
      return refuse(runtime, { host: "HOST", port: variable }, { host: config.host, port }, error);
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    runtime.err(`Cannot start: ${error.message}`);
    return runtime.exit(1);
  }
  // Half a server is no server: what listens already closes again when a port is refused.
  const closeDoors = async () => {
    doors.drain();
    await doors.closed(DOORS_CLOSE_MS);
  };
  const appAddress: ListenAddress = { host: config.host, port: config.port };
  const listening = await listenOrRefuse(
    runtime,
    APP_VARIABLES,
    appAddress,
    () => runtime.listen(app, appAddress),
    closeDoors,
  );
  listeningConnections = listening.connections;
  let metricsServer: Listening | undefined;
  if (config.metrics) {
    const families = [...metrics.families, ...processMetrics({ version: VERSION, runtime: runtime.name })];
    const address = config.metrics;
    metricsServer = await listenOrRefuse(
      runtime,
      METRICS_VARIABLES,
      address,
      () => runtime.serve(metricsEndpoint(families), address),
      async () => {
        await listening.stop();
        await closeDoors();
      },
    );
  }
  lifecycle.add(doors);
  const server: Server = {
    url: listening.url,
    // The app drains first; Prometheus may scrape until it has.
    async stop() {
      lifecycle.drain();
      await listening.stop();
      // Each answer's after-response hook (its log line, its count) runs in a turn after it
      // leaves: the last answers' run before anything stops.
      await new Promise((resolve) => setImmediate(resolve));
      lifecycle.stop();
      // The doors' last lines are on their way: each connection gets a moment to close.
      await doors.closed(DOORS_CLOSE_MS);
      await metricsServer?.stop();
    },
    app,
    config,
    log,
    metricsUrl: metricsServer?.url,
    doors: { ssh: doors.ssh, finger: doors.finger },
  };
  // Before the "listening" line: whoever reads it may send SIGTERM at once, and gets a drain.
  drainOnSignal(runtime, server);
  // Only once every port listens: a start refused for its address never reads GitHub.
  lifecycle.start();
  const routes = app.routes.length;
  const scrapedAt = metricsServer ? `${metricsServer.url}${METRICS_PATH}` : "off";
  const ssh = doors.ssh ? `port ${doors.ssh.port}, host key ${doors.ssh.fingerprint}` : "off";
  const finger = doors.finger ? `port ${doors.finger.port}` : "off";
  log.event(
    "listening",
    {
      version: VERSION,
      runtime: runtime.name,
      address: listening.url,
      metrics: scrapedAt,
      routes,
      site: config.siteUrl,
      ssh,
      finger,
    },
    `site ${VERSION} on ${runtime.name} listening at ${listening.url} (${routes} routes, ${config.siteUrl}), metrics ${scrapedAt === "off" ? "off" : `at ${scrapedAt}`}, ssh ${ssh}, finger ${finger}`,
  );
  return server;
}

/** The variables behind each server's address, for a refusal to name. */
interface AddressVariables {
  readonly host: string;
  readonly port: string;
}
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
 * Listens, or refuses to start in one line naming the variable behind the address when
 * the runtime says it is in use or not this machine's. `undo` first closes what already
 * listens. Any other failure is a bug, and is thrown as it is.
 */
async function listenOrRefuse(
  runtime: Runtime,
  variables: AddressVariables,
  address: ListenAddress,
  listen: () => Promise<Listening>,
  undo: () => Promise<void> = async () => {},
): Promise<Listening> {
  try {
    return await listen();
  } catch (error) {
    await undo();
    if (!(error instanceof ListenError)) throw error;
    return refuse(runtime, variables, address, error);
  }
}

/** The one-line refusal of an address the runtime would not listen on, and exit 1. */
function refuse(
  runtime: Runtime,
  variables: AddressVariables,
  address: ListenAddress,
  error: ListenError,
): never {
  const refusal = REFUSALS[error.failure];
  const variable = variables[refusal.names];
  runtime.err(`Cannot start: ${variable}: ${refusal.problem(address, variable)}`);
  return runtime.exit(1);
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
