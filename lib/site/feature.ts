/**
 * @module What a feature is: one folder that brings the site something beyond its route
 * files (the owner's live activity, the limits of the streams, the doors beside HTTP,
 * IndexNow), and one definition there that registers with the core all it brings: its
 * settings, its service (with the metrics it counts), its part of the heartbeat, the
 * routes it serves outside the route table, and its part of the start-up and shutdown.
 * `lib/features.ts` lists the features, in the order they are set up; the core names none.
 *
 * @example
 * export const greetings = defineFeature({
 *   name: "greetings",
 *   docs: "docs/greetings.md",
 *   settings: { help: [{ variables: ["GREETING"], meaning: "what to say (hello)" }], read: (env) => valueIn(env, "GREETING") ?? "hello" },
 *   setup: (site, greeting) => ({ greeting, said: site.metrics.counter("site_greetings_total", "Greetings said.", []) }),
 * });
 * // In a route file's setup: `const { greeting } = site.service(greetings);`
 */
import type { ServedRoute } from "../http/route.ts";
import type { Config } from "../runtime/config.ts";
import type { Env, VariableHelp } from "../runtime/env.ts";
import type { HealthChecks } from "./health.ts";
import type { Site } from "./site.ts";

/** The variables a feature reads: what `--help` says of them, and how they are read. */
export interface FeatureSettings<Settings> {
  readonly help: readonly VariableHelp[];
  /** Reads them at start-up, with the core's configuration at hand; a bad value is a `ConfigError` naming it. */
  read(env: Env, core: Config): Settings;
}

/** A feature's part of the heartbeat (`/api/ping`'s health format). */
export interface FeatureHealth<Service> {
  /** Its checks' keys in words, for the document: "`indexnow:submission`, one item per engine". */
  readonly keys: string;
  /** Its checks at `at`, keyed `component:measurement`; none while it has nothing to say. */
  check(service: Service, at: Date): HealthChecks;
}

export interface Feature<Service = unknown, Settings = unknown> {
  /** `live`, `doors`: how an error names it; unique among the features. */
  readonly name: string;
  /** Its page in `docs/`: what it does, its variables, its metrics and its limits. */
  readonly docs: string;
  /** The variables it reads, if any. */
  readonly settings?: FeatureSettings<Settings>;
  /**
   * Files of packages it reads while it runs, by package path (`@resvg/resvg-wasm/index_bg.wasm`),
   * with `site.packageFile`: `bun run build` puts them in the executable.
   */
  readonly packageFiles?: readonly string[];
  /**
   * Builds its service once, when the app is built: content read, metrics registered in
   * `site.metrics`, nothing started. Route files and the features after it reach the
   * service with `site.service(feature)`.
   */
  setup(site: Site, settings: Settings): Service;
  readonly health?: FeatureHealth<Service>;
  /**
   * Routes it serves that are no route file's, and not endpoints of the API's table (the
   * documentation's pages, a key file at a path the settings name).
   */
  serves?(service: Service, site: Site): readonly ServedRoute[];
  /**
   * Just before the app listens: what it serves beside the app (a port of its own). Says
   * what the start-up line tells of it (`{ ssh: "port 2222, ..." }`); rejects with a
   * `ListenError` naming its variable (`ListenError.of`) when an address is refused.
   */
  open?(service: Service): Promise<Readonly<Record<string, string>>>;
  /** Every port listens: its background work starts (a poller). */
  start?(service: Service): void;
  /** SIGTERM: what it holds open says its last line and ends; nothing new opens. */
  drain?(service: Service): void;
  /** The app has stopped answering: its connections close and its work stops. */
  stop?(service: Service): Promise<void> | void;
}

/** Declares a feature; only here for the types it checks. */
export function defineFeature<Service, Settings = undefined>(
  feature: Feature<Service, Settings>,
): Feature<Service, Settings> {
  return feature;
}
