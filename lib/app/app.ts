/**
 * @module The app: one Elysia instance, with the request pipeline (`lib/http/pipeline.ts`)
 * in front of every route. Built from what the site serves: its route files and its
 * features, in the order `lib/features.ts` lists them. Each feature reads its settings and
 * sets up its service; then each route file sets up its handler; then the routes the
 * features serve outside the route table; last, the not-found route every other request
 * reaches. It never listens: `start.ts` does, on each runtime.
 */
import { Elysia } from "elysia";
import { builtInFiles, type ContentFiles, folderFiles, readContentFile } from "../content/files.ts";
import { readContent } from "../content/site-content.ts";
import { type Connections, NO_CONNECTIONS, siteConnections } from "../http/connections.ts";
import { type HttpMetrics, httpMetrics } from "../http/http-metrics.ts";
import { allowedMethods, notFound } from "../http/not-found.ts";
import { ANY_PATH, requestPipeline } from "../http/pipeline.ts";
import type { RequestErrorAnswer, ServedRoute } from "../http/route.ts";
import { SERVER_OPTIONS, serverErrorHandler } from "../http/server-options.ts";
import { Metrics } from "../metrics/registry.ts";
import type { Config, Env } from "../runtime/config.ts";
import { Lifecycle, type LifecycleHooks } from "../runtime/lifecycle.ts";
import type { Log } from "../runtime/log.ts";
import { fromNodeModules, type PackageFiles } from "../runtime/package-files.ts";
import { VERSION } from "../runtime/version.ts";
import type { Feature } from "../site/feature.ts";
import { type HealthPart, siteHealth } from "../site/health.ts";
import { releaseId } from "../site/release.ts";
import { declaredRoutes, type RouteFiles, routeTable, type Site, siteApiName } from "../site/site.ts";

/** What a site serves: its route files (`routes/_manifest.gen.ts`) and its features (`lib/features.ts`). */
export interface SiteParts {
  readonly routes: RouteFiles;
  /** In the order they are set up: a feature may use the services of those before it. */
  readonly features: readonly Feature[];
}

export interface AppOptions extends SiteParts {
  /** The core's configuration (`loadConfig`). */
  readonly config: Config;
  /** Where each feature reads its settings. */
  readonly env: Env;
  /** Where access lines, events and failures go. */
  readonly log: Log;
  /** Where what the app counts is registered; by default a registry of its own. */
  readonly metrics?: Metrics;
  /** Where the content's files are read from; by default `CONTENT_DIR`'s over the built-in `content/` (`contentFilesOf`). */
  readonly files?: ContentFiles;
  /** Epoch milliseconds, as `Date.now`; tests pass a fixed clock. */
  readonly clock?: () => number;
  /** Uniform in [0, 1), as `Math.random`; tests pass a seeded one. */
  readonly random?: () => number;
  /** What the runtime knows of each request's connection; by default nothing (an app with no server). */
  readonly connections?: Connections;
  /** Where the runtime keeps the files packages ship; by default node_modules. */
  readonly packageFile?: PackageFiles;
}

/** An app, and what starting it needs. */
export interface BuiltApp {
  readonly app: App;
  /** What its routes and features use: the content, the clock, the features' services. */
  readonly site: Site;
  /** Its features' part of the start-up and shutdown; nobody opens it for an app a test sends requests to. */
  readonly lifecycle: Lifecycle;
}

/**
 * Builds the app: reads each feature's settings (a bad value is a `ConfigError`) and the
 * content (a mistake is a `ContentError` naming the file and field), builds the `Site`,
 * sets up the features and the routes, and puts the request pipeline in front of them.
 */
export function createApp(options: AppOptions): BuiltApp {
  const { config, env, log, routes, features, clock = Date.now, random = Math.random } = options;
  const { siteUrl } = config;
  const settings = features.map((feature) => feature.settings?.read(env, config));
  const files = options.files ?? contentFilesOf(config);
  const content = readContent(files, siteUrl);
  const checked = new Map<object, unknown>();
  const metrics = options.metrics ?? new Metrics();
  const answers = httpMetrics(metrics);
  const lifecycle = new Lifecycle();
  const services = new Map<string, unknown>();
  const healthParts: HealthPart[] = [];
  const startedAt = new Date(clock());
  const release = releaseId(VERSION, files, siteUrl);
  const declared = declaredRoutes(routes, content.profile.handle);
  const site: Site = {
    config,
    content,
    read(file) {
      if (!checked.has(file)) checked.set(file, readContentFile(files, file, siteUrl));
      return checked.get(file) as never;
    },
    clock,
    random,
    startedAt,
    version: VERSION,
    release,
    routes: routeTable(routes, content, siteUrl),
    documented: declared.map(({ method, path, route }) => ({ method, path, detail: route.detail })),
    log,
    metrics,
    connections: siteConnections(options.connections ?? NO_CONNECTIONS, config.fly !== undefined),
    packageFile: options.packageFile ?? fromNodeModules,
    lifecycle,
    health: siteHealth(
      {
        version: VERSION,
        release,
        serviceId: new URL(siteUrl).host,
        description: siteApiName(content.profile),
        startedAt,
        machineId: config.fly?.machineId,
        draining: () => lifecycle.draining,
      },
      healthParts,
    ),
    service(feature) {
      if (!services.has(feature.name)) {
        const listed = features.some(({ name }) => name === feature.name);
        throw new Error(
          listed
            ? `the ${feature.name} feature is asked for before it is set up: list it earlier in lib/features.ts`
            : `the ${feature.name} feature is needed but not served: list it in lib/features.ts`,
        );
      }
      return services.get(feature.name) as never;
    },
  };

  const served: ServedRoute[] = [];
  features.forEach((feature, i) => {
    if (services.has(feature.name)) throw new Error(`two features are named ${feature.name}`);
    const service = feature.setup(site, settings[i]);
    services.set(feature.name, service);
    const { health } = feature;
    if (health) healthParts.push({ keys: health.keys, check: (at) => health.check(service, at) });
    lifecycle.add(hooksOf(feature, service));
  });
  served.push(
    ...declared.map(({ method, path, route }) => ({
      method,
      path,
      handler: route.setup(site, path),
      answerRequestError: route.answerRequestError,
    })),
  );
  features.forEach((feature) => {
    served.push(...(feature.serves?.(services.get(feature.name), site) ?? []));
  });
  const taken = new Set<string>();
  for (const { method, path } of served) {
    if (taken.has(`${method} ${path}`)) throw new Error(`two routes answer ${method} ${path}`);
    taken.add(`${method} ${path}`);
  }

  return { app: elysiaApp(served, log, answers), site, lifecycle };
}

/** A feature's part of the lifecycle, each of its hooks given its service. */
function hooksOf<Service>(feature: Feature<Service>, service: Service): LifecycleHooks {
  const { open, start, drain, stop } = feature;
  return {
    ...(open && { open: () => open.call(feature, service) }),
    ...(start && { start: () => start.call(feature, service) }),
    ...(drain && { drain: () => drain.call(feature, service) }),
    ...(stop && { stop: () => stop.call(feature, service) }),
  };
}

/** The Elysia instance serving `served`, the pipeline in front, the not-found route last. */
function elysiaApp(served: readonly ServedRoute[], log: Log, answers: HttpMetrics) {
  const app = new Elysia({
    name: "site",
    serve: { ...SERVER_OPTIONS, error: serverErrorHandler({ log, metrics: answers }) },
    // Elysia's default finds the path after the 11th character of the URL, which
    // assumes a host of 4+ characters: `Host: x` would route /api/docs as /docs.
    handler: { standardHostname: false },
  }).use(requestPipeline({ log, metrics: answers, requestErrors: requestErrorAnswers(served) }));
  for (const { method, path, handler } of served) app.route(method, path, handler);
  // Last: every method and path that no route above answers.
  return app.all(ANY_PATH, notFound(allowedMethods(served)));
}

/** The routes that answer errors in the request in their own protocol, by method and path. */
function requestErrorAnswers(served: readonly ServedRoute[]): Map<string, RequestErrorAnswer> {
  return new Map(
    served.flatMap(({ method, path, answerRequestError }) =>
      answerRequestError ? [[`${method} ${path}`, answerRequestError] as const] : [],
    ),
  );
}

/** The content files `config` names: `CONTENT_DIR`'s over the built-in `content/`, or the built-in alone. */
export function contentFilesOf(config: Config): ContentFiles {
  return config.contentDir === undefined ? builtInFiles : folderFiles(config.contentDir);
}

/** The Elysia app: what a runtime serves, and what a test sends requests to (`app.handle`). */
export type App = ReturnType<typeof elysiaApp>;
