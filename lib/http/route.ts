/**
 * @module The contract of a route file. A file under `routes/` exports one route per
 * HTTP method it answers (`export const GET = defineRoute({...})`); its path is the
 * file's path. `setup` runs once at start-up and returns the per-request handler, so
 * everything that can be prepared ahead (bodies, headers) is prepared there.
 */
import type { DocumentDecoration } from "elysia";
import type { Content } from "../content/validate.ts";
import type { IndexNowService } from "../indexnow/service.ts";
import type { LiveFeed } from "../live/feed.ts";
import type { SiteMetrics } from "../metrics/site-metrics.ts";
import type { Config } from "../runtime/config.ts";
import type { Lifecycle } from "../runtime/lifecycle.ts";
import type { Log } from "../runtime/log.ts";
import type { Client } from "./client-kind.ts";

/** What every route may use, built once by `createApp`. */
export interface AppContext {
  readonly config: Config;
  readonly content: Content;
  /**
   * The current time in epoch milliseconds, as `Date.now`; tests pass a fixed clock for
   * reproducible output. A number, not a `Date`: live routes read it on every request.
   */
  readonly clock: () => number;
  /** Uniform in [0, 1); tests pass a seeded one. */
  readonly random: () => number;
  readonly startedAt: Date;
  readonly version: string;
  /** Every route of the app, for the index and the "try next" hints. */
  readonly routes: readonly RouteSummary[];
  /** Failures and one-line structured events. */
  readonly log: Pick<Log, "error" | "event">;
  /** What the app counts beyond its answers, for Prometheus (`lib/metrics/`). */
  readonly metrics: Pick<SiteMetrics, "indexNowSubmission">;
  /** The running release's IndexNow trigger: submitted through by one route, read by the health check. */
  readonly indexNow: IndexNowService;
  /** The owner's live activity, as last read; reading it never waits (`lib/live/feed.ts`). */
  readonly live: Pick<LiveFeed, "latest" | "health">;
  /** Whether the server is draining after SIGTERM (`lib/runtime/lifecycle.ts`). */
  readonly lifecycle: Pick<Lifecycle, "draining">;
}

export interface RouteSummary {
  readonly method: Method;
  readonly path: string;
  /** The path with the query a person tries it with (`RouteDefinition.tryPath`); most often the path. */
  readonly tryPath: string;
  readonly summary: string;
  /** The content file this route serves whole, as the route definition says. */
  readonly servesWhole?: WholeContent;
}

/**
 * Content files a route can serve whole, every field as JSON: where the profile sends a
 * reader for what it leaves out, with the path the route table gives it.
 */
export type WholeContent = "profile" | "now";

/** What a handler receives: the request and its classification. */
export interface RequestContext {
  readonly client: Client;
  readonly request: Request;
}

/**
 * Answers a request with a `Response` it built (`new Response`, or a prepared response's
 * copy), whose headers can still be set: the pipeline adds `X-Request-Id` to it.
 */
export type Handler = (context: RequestContext) => Response | Promise<Response>;

export type RouteResponses = NonNullable<DocumentDecoration["responses"]>;

export interface RouteDetail extends Omit<DocumentDecoration, "responses"> {
  summary: string;
  description: string;
  tags: [string, ...string[]];
  /**
   * Every status the route itself answers, with its schema and an example drawn from the
   * app's own content, so the document shows the real owner; the document adds what the
   * pipeline answers for any route (400, 413, 500). A function, called when the OpenAPI
   * document is first asked for, which is when the schemas are built
   * (`lib/content/schemas.ts`).
   */
  responses: (app: AppContext) => RouteResponses;
}

export interface RouteDefinition {
  readonly detail: RouteDetail;
  /** Set on a route that answers with a content file whole (`/api/now` serves `now`). */
  readonly servesWhole?: WholeContent;
  /**
   * What a person tries the route with when its path alone is not an answer: the path and
   * the query it needs (`/.well-known/webfinger?resource=acct:…`), or undefined when this
   * owner's site has nothing there (no DID, no `/.well-known/atproto-did`). The JSON index,
   * the "Try" of the page and the terminal, and the soak list a route by it, and leave out
   * one that has nothing. Given the path the route is served at; without it, the path.
   */
  readonly tryPath?: (path: string, content: Content, siteUrl: string) => string | undefined;
  setup(app: AppContext): Handler;
}

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

/**
 * The owner's handle in a route file's path: `routes/api/{handle}.json.ts` serves
 * `/api/<handle>.json`, the handle being the one in `content/profile.json`.
 */
export const HANDLE = "{handle}";

/** The URL path a route file's path names, for the owner with this handle. */
export function servedPath(filePath: string, handle: string): string {
  return filePath.replaceAll(HANDLE, handle);
}

/**
 * The path a person tries a route at, for this owner's site: its `tryPath`, else the path
 * it is served at; undefined when this owner has nothing there.
 *
 * @example
 * triedPath(route, "/.well-known/webfinger", content, "https://example.com");
 * // "/.well-known/webfinger?resource=acct:…"
 */
export function triedPath(
  route: RouteDefinition,
  path: string,
  content: Content,
  siteUrl: string,
): string | undefined {
  return route.tryPath ? route.tryPath(path, content, siteUrl) : path;
}

/** A route file's exports, as the manifest sees them. */
export type RouteModule = Partial<Record<Method, RouteDefinition>>;

/** The route files by URL path (`{handle}` unresolved): what `routes/_manifest.gen.ts` lists. */
export type RouteFiles = readonly (readonly [path: string, module: RouteModule])[];

/**
 * Every method and path the route files declare, in manifest order, each path served for
 * the owner with this handle.
 */
export function declaredRoutes(
  files: RouteFiles,
  handle: string,
): { method: Method; path: string; route: RouteDefinition }[] {
  const declared: { method: Method; path: string; route: RouteDefinition }[] = [];
  for (const [filePath, module] of files) {
    const path = servedPath(filePath, handle);
    for (const method of METHODS) {
      const route = module[method];
      if (route) declared.push({ method, path, route });
    }
  }
  return declared;
}

/**
 * Every route the route files declare, in manifest order, with the path a person tries it
 * at on this owner's site; none the owner has nothing at.
 */
export function routeSummaries(files: RouteFiles, content: Content, siteUrl: string): RouteSummary[] {
  return declaredRoutes(files, content.profile.handle).flatMap(({ method, path, route }) => {
    const tryPath = triedPath(route, path, content, siteUrl);
    if (tryPath === undefined) return [];
    return [
      {
        method,
        path,
        tryPath,
        summary: route.detail.summary,
        ...(route.servesWhole && { servesWhole: route.servesWhole }),
      },
    ];
  });
}

/** Every GET path the route files declare, as a person tries it at this owner's site; none the owner has nothing at. */
export function triedGetPaths(files: RouteFiles, content: Content, siteUrl: string): string[] {
  return routeSummaries(files, content, siteUrl)
    .filter(({ method }) => method === "GET")
    .map(({ tryPath }) => tryPath);
}

/** One method and path the app answers, and its handler: what the app registers. */
export interface ServedRoute {
  readonly method: Method;
  readonly path: string;
  readonly handler: Handler;
}

/** Declares a route; only here for the types it checks. */
export function defineRoute(definition: RouteDefinition): RouteDefinition {
  return definition;
}
