/**
 * @module The app: one Elysia instance, with the request pipeline (`pipeline.ts`) in
 * front of every route, and the routes themselves: one per method each route file in
 * `routes/` exports, the API's documentation, and the IndexNow key file when a key is
 * configured. It never listens: `lib/runtime/start.ts` does, on each runtime.
 */
import { Elysia } from "elysia";
import { routes as manifest } from "../../routes/_manifest.gen.ts";
import type { ContentFile } from "../content/content-file.ts";
import { builtInFiles, type ContentFiles, folderFiles, readContentFile } from "../content/files.ts";
import { readContent } from "../content/site-content.ts";
import { sitePages } from "../crawlers/site-pages.ts";
import { docsRoutes } from "../docs/api-docs.ts";
import { type DocumentedRoute, siteApiName } from "../docs/document.ts";
import { keyFileRoutes } from "../indexnow/key-file.ts";
import { indexNowService } from "../indexnow/service.ts";
import type { LiveFeed } from "../live/feed.ts";
import { ownerFeed } from "../live/sources.ts";
import { type SiteMetrics, siteMetrics } from "../metrics/site-metrics.ts";
import { pageScriptRoutes } from "../profile/html/page-script-route.ts";
import type { Config } from "../runtime/config.ts";
import { Lifecycle } from "../runtime/lifecycle.ts";
import type { Log } from "../runtime/log.ts";
import { releaseId } from "../runtime/release.ts";
import { VERSION } from "../runtime/version.ts";
import { declaredRoutes, type RouteFiles, routeTable, type Site } from "../site.ts";
import { OpenStreams } from "../streams/open-streams.ts";
import { type Connections, NO_CONNECTIONS } from "./connections.ts";
import { allowedMethods, notFound } from "./not-found.ts";
import { ANY_PATH, requestPipeline } from "./pipeline.ts";
import type { ServedRoute } from "./route.ts";
import { SERVER_OPTIONS, serverErrorHandler } from "./server-options.ts";

export interface AppOptions {
  readonly config: Config;
  /** Where access lines, events and failures go. */
  readonly log: Log;
  /** Where answers and IndexNow submissions are counted; by default a set of its own. */
  readonly metrics?: SiteMetrics;
  /** Where the content's files are read from; by default `CONTENT_DIR`'s over the built-in `content/` (`contentFilesOf`). */
  readonly files?: ContentFiles;
  /** Epoch milliseconds, as `Date.now`; tests pass a fixed clock. */
  readonly clock?: () => number;
  /** Uniform in [0, 1), as `Math.random`; tests pass a seeded one. */
  readonly random?: () => number;
  /** The route files to serve; by default every file in `routes/`. */
  readonly routes?: RouteFiles;
  /**
   * The server's lifecycle: the live feed reads while it runs. By default one that is never
   * started: an app a test sends requests to reads nothing in the background.
   */
  readonly lifecycle?: Lifecycle;
  /** The owner's live activity; by default read from this owner's sources (`lib/live/sources.ts`). */
  readonly live?: LiveFeed;
  /** What the runtime knows of each request's connection; by default nothing (an app with no server). */
  readonly connections?: Connections;
}

/**
 * The app: reads and checks the content, builds the `Site` every route may use, sets up
 * each route file's routes, and puts the request pipeline in front of them. Throws a
 * `ContentError` naming the first mistake in a content file.
 */
export function createApp(options: AppOptions) {
  const {
    config,
    log,
    metrics = siteMetrics(),
    clock = Date.now,
    random = Math.random,
    routes = manifest,
  } = options;
  const { siteUrl } = config;
  const files = options.files ?? contentFilesOf(config);
  const content = readContent(files, siteUrl);
  const checked = new Map<object, unknown>();
  function read<T>(file: ContentFile<T>): T {
    if (!checked.has(file)) checked.set(file, readContentFile(files, file, siteUrl));
    return checked.get(file) as T;
  }
  const lifecycle = options.lifecycle ?? new Lifecycle();
  // GitHub asks for a User-Agent that names the application.
  const userAgent = `site-api/${VERSION} (+${siteUrl})`;
  const live = options.live ?? ownerFeed(config.live, content, userAgent, { clock, log, metrics });
  lifecycle.add(live);
  const streams = new OpenStreams(config.streams, {
    log,
    metrics,
    connections: options.connections ?? NO_CONNECTIONS,
    clock,
    behindFlyProxy: config.fly !== undefined,
  });
  lifecycle.add(streams);
  const table = routeTable(routes, content, siteUrl);
  const site: Site = {
    config,
    content,
    read,
    clock,
    random,
    startedAt: new Date(clock()),
    version: VERSION,
    routes: table,
    log,
    metrics,
    indexNow: indexNowService({
      config,
      pages: sitePages(content, table, siteUrl),
      release: releaseId(VERSION, files, siteUrl),
      clock,
      log,
      metrics,
    }),
    live,
    streams,
    lifecycle,
  };
  const declared = declaredRoutes(routes, content.profile.handle);
  const documented: DocumentedRoute[] = declared.map(({ method, path, route }) => ({
    method,
    path,
    detail: route.detail,
  }));
  const info = {
    title: siteApiName(content.profile),
    version: VERSION,
    description:
      "The public API of a personal website. JSON for programs and browsers; " +
      "text in ANSI colour for people at a terminal (curl, wget, HTTPie, ...).",
  };

  const served: ServedRoute[] = [
    ...declared.map(({ method, path, route }) => ({ method, path, handler: route.setup(site, path) })),
    ...docsRoutes({ routes: documented, info, site }),
    // Not a route file: its path is the configured key, so it cannot be a file name.
    ...keyFileRoutes(config.indexNow.key),
    // The page's scripts, from the routes that have one: part of the page, not endpoints of the API.
    ...pageScriptRoutes(site.routes),
  ];

  const app = new Elysia({
    name: "site",
    serve: { ...SERVER_OPTIONS, error: serverErrorHandler({ log, metrics }) },
    // Elysia's default finds the path after the 11th character of the URL, which
    // assumes a host of 4+ characters: `Host: x` would route /api/docs as /docs.
    handler: { standardHostname: false },
  }).use(requestPipeline({ log, metrics }));
  for (const { method, path, handler } of served) app.route(method, path, handler);
  // Last: every method and path that no route above answers.
  const built = app.all(ANY_PATH, notFound(allowedMethods(served)));
  sites.set(built, site);
  return built;
}

/** The `Site` each app was built with, for what serves it beside HTTP (`lib/doors/`). */
const sites = new WeakMap<object, Site>();

/** The `Site` `app` was built with: its content, its live feed, its clock. */
export function siteOf(app: App): Site {
  const site = sites.get(app);
  if (!site) throw new Error("siteOf: not an app createApp built");
  return site;
}

/** The content files `config` names: `CONTENT_DIR`'s over the built-in `content/`, or the built-in alone. */
export function contentFilesOf(config: Config): ContentFiles {
  return config.contentDir === undefined ? builtInFiles : folderFiles(config.contentDir);
}

export type App = ReturnType<typeof createApp>;
