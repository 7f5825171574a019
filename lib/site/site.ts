/**
 * @module What a route file is, and what it and a feature may use. A file under `routes/`
 * exports one route per HTTP method it answers (`export const GET = defineRoute({...})`);
 * its path is the file's path (`routes/api/now.ts` is `/api/now`). `setup` runs once, when
 * the app is built, with the `Site`, and returns the handler: whatever can be prepared
 * ahead (a content file read and checked, a body serialised) is prepared there. What a
 * feature brings (the live feed, the streams' limits) a route reaches with
 * `site.service(feature)`.
 */
import type { DocumentDecoration } from "elysia";
import type { ContentFile } from "../content/content-file.ts";
import type { Profile } from "../content/schemas.ts";
import type { Content } from "../content/site-content.ts";
import type { SiteConnections } from "../http/connections.ts";
import {
  type Handler,
  METHODS,
  type Method,
  type RequestErrorAnswer,
  type RouteSummary,
  type RouteTraits,
  servedPath,
} from "../http/route.ts";
import type { Metrics } from "../metrics/registry.ts";
import type { Config } from "../runtime/config.ts";
import type { Lifecycle } from "../runtime/lifecycle.ts";
import type { Log } from "../runtime/log.ts";
import type { PackageFiles } from "../runtime/package-files.ts";
import type { SiteHealth } from "./health.ts";

/** What every route and every feature may use, built once by `createApp`. */
export interface Site {
  /** The core's configuration; a feature gets its own settings beside the `Site`. */
  readonly config: Config;
  /** The profile and /now, checked. */
  readonly content: Content;
  /**
   * Any other file of `content/`, read and checked the first time a route asks for it
   * (a mistake stops the app from being built, naming the file and the field); the same
   * value for every route that asks.
   */
  read<T>(file: ContentFile<T>): T;
  /**
   * The current time in epoch milliseconds, as `Date.now`; tests pass a fixed clock for
   * reproducible output. A number, not a `Date`: live routes read it on every request.
   */
  readonly clock: () => number;
  /** Uniform in [0, 1); tests pass a seeded one. */
  readonly random: () => number;
  readonly startedAt: Date;
  readonly version: string;
  /** The running release: the version and a digest of the content (`release.ts`). */
  readonly release: string;
  /** Every route of the app, for the index, the profile's "Try", the ping's card and the sitemap. */
  readonly routes: readonly RouteSummary[];
  /** Every method and path the route files declare, with its OpenAPI operation: what the API's docs describe. */
  readonly documented: readonly DocumentedRoute[];
  /** Failures and one-line structured events. */
  readonly log: Pick<Log, "error" | "event">;
  /** Where a feature registers what it counts, for Prometheus (`lib/metrics/`). */
  readonly metrics: Metrics;
  /**
   * What the runtime knows of each request's connection (how long it may stay quiet), whether
   * connections come through Fly's proxy, and who a request's client is (`clientKey`).
   */
  readonly connections: SiteConnections;
  /**
   * Reads a file a package ships (a font, a wasm module) by its package path, where the
   * runtime keeps it: a feature names those it reads in `packageFiles`.
   */
  readonly packageFile: PackageFiles;
  /** Whether the server drains after SIGTERM, and a signal that aborts when it begins (`lib/runtime/lifecycle.ts`). */
  readonly lifecycle: Pick<Lifecycle, "draining" | "drainSignal">;
  /** The heartbeat's health: the core's checks and every feature's (`health.ts`). */
  readonly health: SiteHealth;
  /**
   * The service `feature` set up for this app (`lib/site/feature.ts`): the live feed, the
   * open streams. Throws, naming the feature, when the app was built without it, or when
   * a feature asks for one set up after it (`lib/features.ts` lists them in order).
   */
  service<S>(feature: ServiceKey<S>): S;
}

/** What `Site.service` needs of a feature: its name, and what its `setup` returns. */
export interface ServiceKey<S> {
  readonly name: string;
  setup(...args: never[]): S;
}

/** The API's name, `<owner>'s site API`: the document's title, and what the index and the health check call it. */
export function siteApiName(profile: Pick<Profile, "name">): string {
  return `${profile.name}'s site API`;
}

/** A route of a route file, as the API's docs describe it. */
export interface DocumentedRoute {
  readonly method: Method;
  readonly path: string;
  readonly detail: RouteDetail;
}

export type RouteResponses = NonNullable<DocumentDecoration["responses"]>;

/** The route's OpenAPI operation, as Elysia's `detail` is, with its responses built when the document is. */
export interface RouteDetail extends Omit<DocumentDecoration, "responses"> {
  summary: string;
  description: string;
  tags: [string, ...string[]];
  /**
   * Every status the route itself answers, with its schema and an example drawn from the
   * site's own content, so the document shows the real owner; the document adds what the
   * pipeline answers for any route (400, 413, 500). Called when the OpenAPI document is
   * first asked for, with the path the route is served at.
   */
  responses: (site: Site, path: string) => RouteResponses;
}

export interface RouteDefinition extends RouteTraits {
  readonly detail: RouteDetail;
  /**
   * What a person tries the route with when its path alone is not an answer: the path and
   * the query it needs (`/.well-known/webfinger?resource=acct:…`), or undefined when this
   * owner's site has nothing there (no DID, no `/.well-known/atproto-did`). The index, the
   * profile's "Try", the tests and the bench list a route by it, and leave out one that
   * has nothing. Given the path the route is served at; without it, the path.
   */
  readonly examplePath?: (path: string, content: Content, siteUrl: string) => string | undefined;
  /** Errors in the request, in the route's own protocol rather than the envelope (the MCP server's JSON-RPC). */
  readonly answerRequestError?: RequestErrorAnswer;
  /** Runs once, as the app is built, with the path the route is served at: a copy of the file is served at its own. */
  setup(site: Site, path: string): Handler;
}

/** Declares a route; only here for the types it checks. */
export function defineRoute(definition: RouteDefinition): RouteDefinition {
  return definition;
}

/** A route file's exports, as the manifest sees them. */
export type RouteModule = Partial<Record<Method, RouteDefinition>>;

/** The route files by URL path (`{handle}` unresolved): what `routes/_manifest.gen.ts` lists. */
export type RouteFiles = readonly (readonly [path: string, module: RouteModule])[];

export interface DeclaredRoute {
  readonly method: Method;
  readonly path: string;
  readonly route: RouteDefinition;
}

/**
 * Every method and path the route files declare, in manifest order, each path served for
 * the owner with this handle.
 */
export function declaredRoutes(files: RouteFiles, handle: string): DeclaredRoute[] {
  return files.flatMap(([filePath, module]) =>
    METHODS.flatMap((method) => {
      const route = module[method];
      return route ? [{ method, path: servedPath(filePath, handle), route }] : [];
    }),
  );
}

/**
 * Every route the route files declare, in manifest order, with the path a person tries it
 * at on this owner's site; none the owner has nothing at.
 */
export function routeTable(files: RouteFiles, content: Content, siteUrl: string): RouteSummary[] {
  return declaredRoutes(files, content.profile.handle).flatMap(({ method, path, route }) => {
    const examplePath = route.examplePath ? route.examplePath(path, content, siteUrl) : path;
    if (examplePath === undefined) return [];
    // What the route file says of itself for the rest of the site: every trait, whatever its name.
    const { detail, examplePath: _asked, answerRequestError: _answers, setup: _setup, ...traits } = route;
    return [{ method, path, examplePath, summary: detail.summary, ...traits }];
  });
}

/**
 * Every GET path of the route files whose answer ends, as a person tries it at this owner's
 * site; none the owner has nothing at. With `streamed`, those whose answer stays open
 * instead (the live view, the event stream), which a tool reads the head of, never the end.
 */
export function examplePaths(
  files: RouteFiles,
  content: Content,
  siteUrl: string,
  streamed = false,
): string[] {
  return routeTable(files, content, siteUrl)
    .filter(({ method, streams }) => method === "GET" && (streams === true) === streamed)
    .map(({ examplePath }) => examplePath);
}
