/**
 * @module The app: an Elysia instance assembled from the route manifest, with the
 * client classification and the error envelope for every route. It never listens:
 * the entry points (`server.ts` for Bun, `server.deno.ts` for Deno) do that.
 */
import { swagger } from "@elysiajs/swagger";
import { Elysia } from "elysia";
import { routes as manifest } from "../routes/_manifest.gen.ts";
import { DOCS_PATH, OPENAPI_PATH } from "./app-paths.ts";
import { clientKind } from "./client-kind.ts";
import type { Config } from "./config.ts";
import { contentFiles } from "./content/files.ts";
import { type Content, validateContent } from "./content/validate.ts";
import { errorEnvelope } from "./errors.ts";
import { indexNowKeyFile } from "./indexnow/key-file.ts";
import { type AppLog, consoleLog } from "./log.ts";
import { type AppContext, type Handler, METHODS, type RouteModule, type RouteSummary } from "./route.ts";
import { VERSION } from "./version.ts";

export interface AppOptions {
  readonly config: Config;
  /** Validated content; by default the files in `content/`, validated now. */
  readonly content?: Content;
  readonly clock?: () => Date;
  readonly random?: () => number;
  /** Errors and structured events; by default the console. */
  readonly log?: AppLog;
  /** The routes to serve; by default every file in `routes/`. */
  readonly routes?: readonly (readonly [path: string, module: RouteModule])[];
}

function summarise(routes: NonNullable<AppOptions["routes"]>): RouteSummary[] {
  return routes.flatMap(([path, module]) =>
    METHODS.flatMap((method) => {
      const route = module[method];
      return route ? [{ method, path, summary: route.detail.summary }] : [];
    }),
  );
}

export function createApp(options: AppOptions) {
  const { config, clock = () => new Date(), routes = manifest, log = consoleLog } = options;
  const content = options.content ?? validateContent(contentFiles, config.siteUrl);
  const context: AppContext = {
    config,
    content,
    clock,
    random: options.random ?? Math.random,
    startedAt: clock(),
    version: VERSION,
    routes: summarise(routes),
    log,
  };

  // Read lazily by the 405 answer, once every route below is registered.
  const routeTable = (): readonly { method: string; path: string }[] => app.routes;
  const app = new Elysia({ name: "site", serve: { reusePort: false } })
    .use(errorEnvelope(routeTable, log))
    .use(clientKind)
    .use(
      swagger({
        path: DOCS_PATH,
        specPath: OPENAPI_PATH,
        // The default hides every path with a dot in it, /api/rin.json included.
        excludeStaticFile: false,
        documentation: {
          openapi: "3.1.0",
          info: {
            title: `${content.profile.name}'s site API`,
            version: VERSION,
            description:
              "The public API of a personal website. JSON for programs and browsers; " +
              "text in ANSI colour for people at a terminal (curl, wget, HTTPie, ...).",
          },
          servers: [{ url: config.siteUrl }],
        },
      }),
    )
    // Not a route file: its path is the configured key, so it cannot be a file name.
    .use(indexNowKeyFile(config.indexNow.key));

  for (const [path, module] of routes) {
    for (const method of METHODS) {
      const route = module[method];
      if (!route) continue;
      const handler: Handler = route.setup(context);
      app.route(method, path, handler as never, { detail: route.detail });
    }
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
