/**
 * @module The API's documentation as three routes: the OpenAPI document at
 * `/api/docs/json`, its interactive page at `/api/docs`, and the page's script. All are
 * prepared responses, with the same headers, ETag and 304 as the rest of the API. The
 * document and the script are built on the first request for each (`lazy`, `lib/utils/cache.ts`): only
 * people reading the docs want them, and they are the largest bodies the app serves. The
 * script's module is imported then too, so until someone opens the docs its 4 MB cost
 * neither start-up time nor memory.
 */

import { CACHE_CONTROL, CONTENT_TYPE } from "../http/headers.ts";
import { PreparedJson, PreparedResponse } from "../http/prepared-response.ts";
import type { ServedRoute } from "../http/route.ts";
import type { DocumentedRoute, Site } from "../site/site.ts";
import { lazy } from "../utils/cache.ts";
import { openApiDocument } from "./document.ts";
import { DOCS_PATH, DOCS_UI_SCRIPT_PATH, OPENAPI_PATH } from "./paths.ts";
import { docsPage } from "./ui.ts";

export interface ApiDocsOptions {
  readonly routes: readonly DocumentedRoute[];
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  /** Whose content the examples show, and where the site is. */
  readonly site: Site;
}

export function docsRoutes({ routes, info, site }: ApiDocsOptions): ServedRoute[] {
  const page = new PreparedResponse(
    docsPage(info.title, info.description, OPENAPI_PATH, DOCS_UI_SCRIPT_PATH),
    {
      contentType: CONTENT_TYPE.html,
      cacheControl: CACHE_CONTROL.content,
      etag: true,
      representation: "docs",
      vary: false,
    },
  );
  // The document and the script are built on their first request: the largest bodies the app serves.
  const document = lazy(
    () => new PreparedJson(openApiDocument(routes, { info, servers: [{ url: site.config.siteUrl }] }, site)),
  );
  const script = lazy(() =>
    import("./ui-script.ts").then(
      ({ UI_SCRIPT }) =>
        new PreparedResponse(UI_SCRIPT, {
          contentType: CONTENT_TYPE.javascript,
          cacheControl: CACHE_CONTROL.immutable,
          etag: true,
          vary: false,
        }),
    ),
  );
  return [
    {
      method: "GET",
      path: DOCS_PATH,
      handler: function docsUi({ request }) {
        return page.respond(request);
      },
    },
    {
      method: "GET",
      path: OPENAPI_PATH,
      handler: function openApi({ client, request }) {
        return document().respond(client, request);
      },
    },
    {
      method: "GET",
      path: DOCS_UI_SCRIPT_PATH,
      handler: async function docsUiScript({ request }) {
        return (await script()).respond(request);
      },
    },
  ];
}
