/**
 * @module The app: an Elysia instance assembled from the route manifest, with the
 * client classification and the error envelope for every route. It never listens:
 * the entry points (`server.ts` for Bun, `server.deno.ts` for Deno) do that.
 */
import { Elysia } from "elysia";
import { routes as manifest } from "../../routes/_manifest.gen.ts";
import { contentCheckedAtBuild, contentFiles } from "../content/files.ts";
import { type Content, validateContent } from "../content/validate.ts";
import { docsPage, openApiDocument, preparedDocs } from "../docs/document.ts";
import { DOCS_PATH, OPENAPI_PATH } from "../docs/paths.ts";
import { indexNowKeyFile } from "../indexnow/key-file.ts";
import { once } from "../once.ts";
import type { Config } from "../runtime/config.ts";
import { type AppLog, consoleLog } from "../runtime/log.ts";
import { VERSION } from "../runtime/version.ts";
import { clientKind } from "./client-kind.ts";
import { errorEnvelope } from "./errors.ts";
import { bodyLimit, LIMITS } from "./limits.ts";
import { type AppContext, type Handler, METHODS, type RouteModule, type RouteSummary } from "./route.ts";
import { synchronousHandler } from "./synchronous-handler.ts";

export interface AppOptions {
  readonly config: Config;
  /** Validated content; by default the files in `content/`, validated now. */
  readonly content?: Content;
  readonly clock?: () => number;
  readonly random?: () => number;
  /** Errors and structured events; by default the console. */
  readonly log?: AppLog;
  /** The routes to serve; by default every file in `routes/`. */
  readonly routes?: readonly (readonly [path: string, module: RouteModule])[];
}

/** Every method and path the route files answer, with the route's documentation. */
function documentedRoutes(routes: NonNullable<AppOptions["routes"]>) {
  return routes.flatMap(([path, module]) =>
    METHODS.flatMap((method) => {
      const route = module[method];
      return route ? [{ method, path, detail: route.detail }] : [];
    }),
  );
}

export function createApp(options: AppOptions) {
  const { config, clock = Date.now, routes = manifest, log = consoleLog } = options;
  const documented = documentedRoutes(routes);
  const content =
    options.content ?? validateContent(contentFiles, config.siteUrl, { filesChecked: contentCheckedAtBuild });
  const context: AppContext = {
    config,
    content,
    clock,
    random: options.random ?? Math.random,
    startedAt: new Date(clock()),
    version: VERSION,
    routes: documented.map(
      ({ method, path, detail }): RouteSummary => ({ method, path, summary: detail.summary }),
    ),
    log,
  };

  // Read lazily by the 405 answer, once every route below is registered.
  const routeTable = (): readonly { method: string; path: string }[] => app.routes;
  const app = new Elysia({
    name: "site",
    serve: { reusePort: false, maxRequestBodySize: LIMITS.serverBodyBytes },
    // Elysia's default finds the path after the 11th character of the URL, which
    // assumes a host of 4+ characters: `Host: x` would route /api/docs as /docs.
    handler: { standardHostname: false },
  })
    .use(errorEnvelope(routeTable, log, LIMITS.bodyBytes))
    .use(bodyLimit)
    .use(clientKind)
    // Not a route file: its path is the configured key, so it cannot be a file name.
    .use(indexNowKeyFile(config.indexNow.key));

  for (const [path, module] of routes) {
    for (const method of METHODS) {
      const route = module[method];
      if (!route) continue;
      const handler: Handler = synchronousHandler(route.setup(context));
      app.route(method, path, handler as never);
    }
  }

  const info = {
    title: `${content.profile.name}'s site API`,
    version: VERSION,
    description:
      "The public API of a personal website. JSON for programs and browsers; " +
      "text in ANSI colour for people at a terminal (curl, wget, HTTPie, ...).",
  };
  // Built on the first request for them, not before the first request of all: the
  // document is the largest body the API serves and only people reading docs want it.
  const prepared = once(() =>
    preparedDocs(
      docsPage(info.title, info.description, OPENAPI_PATH),
      openApiDocument(documented, { info, servers: [{ url: config.siteUrl }] }),
    ),
  );
  const docsHandler = synchronousHandler(function docsUi({ request }) {
    return prepared().page.respond(request);
  });
  const documentHandler = synchronousHandler(function openApi({ client, request }) {
    return prepared().document.respond(client, request);
  });
  return app.get(DOCS_PATH, docsHandler as never).get(OPENAPI_PATH, documentHandler as never);
}

export type App = ReturnType<typeof createApp>;
