/**
 * @module What a door is: a server beside HTTP on a port of its own, off unless its port's
 * variable is set, and listed in `lib/doors/doors.ts`. A door says its name (its label in
 * the metrics and the log), its port's variable, its other variables (what `--help` says
 * of them, and how they are read), what it prepares with the app and how it opens. The
 * feature does the rest for every door alike: the ports checked against one another, the
 * metrics, the start-up line, the drain.
 *
 * @example
 * export const gopher = defineDoor({
 *   name: "gopher",
 *   port: "GOPHER_PORT",
 *   help: [{ variables: ["GOPHER_PORT"], meaning: "the gopher door: its port; 0 any free one (off)" }],
 *   read: () => ({}),
 *   setup: (site, options) => ({
 *     open: () =>
 *       serveDoor(
 *         { ...serverOptions(site, options, { max: 20, perClient: 3 }, 5), refusalLine: (limit) => `3busy (${limit})\r\n` },
 *         (accepted) => new GopherConnection(accepted, site),
 *       ),
 *   }),
 * });
 */
import type { Config } from "../../runtime/config.ts";
import type { Env, VariableHelp } from "../../runtime/env.ts";
import type { Site } from "../../site/site.ts";
import type { DoorReport } from "./connection-log.ts";
import type { OpenDoor } from "./listen.ts";
import type { DoorServerOptions } from "./serve.ts";

/** What a door that is on is given when the app is built: its port and settings, and where it reports. */
export interface DoorOptions<Settings> {
  readonly port: number;
  readonly settings: Settings;
  readonly report: DoorReport;
  /** Whether each connection starts with a PROXY header whose client address is believed (`DOORS_PROXY_PROTOCOL`). */
  readonly proxyProtocol: boolean;
  /** Without a header: whether the peer's address is the visitor's (not behind Fly's proxy). */
  readonly peerIsClient: boolean;
}

/** A door set up with the app: nothing listens until `open`. */
export interface PreparedDoor {
  /** Listens; undefined when the door stays closed after all (and its log says why). */
  open(): Promise<OpenDoor | undefined>;
}

export interface Door<Settings = unknown> {
  /** `ssh`, `finger`: its label in the metrics and the log; unique among the doors. */
  readonly name: string;
  /** Its port's variable: the door is off unless it is set. */
  readonly port: string;
  /** What `--help` says of its variables, its port's first. */
  readonly help: readonly VariableHelp[];
  /** Reads its other variables, only when it is on; a bad value is a `ConfigError` naming it. */
  read(env: Env, core: Config): Settings;
  /** Prepares what it shows (content read and checked, so a mistake stops start-up); listens on nothing. */
  setup(site: Site, options: DoorOptions<Settings>): PreparedDoor;
}

/** Declares a door; only here for the types it checks. */
export function defineDoor<Settings>(door: Door<Settings>): Door<Settings> {
  return door;
}

/**
 * What every door's server is told: the site's host, the door's port, its limits and
 * report, and how long a connection has to send its PROXY header, where one is believed
 * (the door's own first deadline).
 */
export function serverOptions<Settings>(
  site: Site,
  options: DoorOptions<Settings>,
  limits: DoorServerOptions["limits"],
  headerSeconds: number,
): DoorServerOptions {
  const { port, report, proxyProtocol, peerIsClient } = options;
  return { host: site.config.host, port, limits, report, proxyProtocol, peerIsClient, headerSeconds };
}
