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
import { type ErrorLog, errorEnvelope } from "./errors.ts";
import { baseHeaders, CONTENT_TYPE } from "./headers.ts";
import { type AppContext, type Handler, METHODS, type RouteModule, type RouteSummary } from "./route.ts";
import { VERSION } from "./version.ts";

export interface AppOptions {
  readonly config: Config;
  /** Validated content; by default the files in `content/`, validated now. */
  readonly content?: Content;
  readonly clock?: () => Date;
  readonly random?: () => number;
  readonly log?: ErrorLog;
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

/**
 * The OpenAPI document and its UI. The spec is a plain object that Elysia serialises
 * with the runtime's `Response.json` (Bun adds `;charset=utf-8`, Deno does not): this
 * local hook, which sees only these two routes, writes it the same way everywhere.
 */
function docs(ownerName: string, siteUrl: string) {
  return new Elysia({ name: "docs" })
    .mapResponse(function docsJson({ responseValue }) {
      if (responseValue instanceof Response || typeof responseValue !== "object" || responseValue === null)
        return;
      return new Response(JSON.stringify(responseValue), {
        headers: { ...baseHeaders(), "content-type": CONTENT_TYPE.json },
      });
    })
    .use(
      swagger({
        path: DOCS_PATH,
        specPath: OPENAPI_PATH,
        // The default hides every path with a dot in it, /api/rin.json included.
        excludeStaticFile: false,
        documentation: {
          openapi: "3.1.0",
          info: {
            title: `${ownerName}'s site API`,
            version: VERSION,
            description:
              "The public API of a personal website. JSON for programs and browsers; " +
              "text in ANSI colour for people at a terminal (curl, wget, HTTPie, ...).",
          },
          servers: [{ url: siteUrl }],
        },
      }),
    );
}

export function createApp(options: AppOptions) {
  const { config, clock = () => new Date(), routes = manifest } = options;
  const content = options.content ?? validateContent(contentFiles, config.siteUrl);
  const context: AppContext = {
    config,
    content,
    clock,
    random: options.random ?? Math.random,
    startedAt: clock(),
    version: VERSION,
    routes: summarise(routes),
  };

  // Read lazily by the 405 answer, once every route below is registered.
  const routeTable = (): readonly { method: string; path: string }[] => app.routes;
  const app = new Elysia({ name: "site", serve: { reusePort: false } })
    .use(errorEnvelope(routeTable, options.log))
    .use(clientKind)
    .use(docs(content.profile.name, config.siteUrl));

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
