/**
 * @module The API's documentation as two routes: the OpenAPI document at
 * `/api/docs/json` and its interactive page at `/api/docs`. Both are prepared responses,
 * with the same headers, ETag and 304 as the rest of the API, built on the first request
 * for them: the document is the largest body the API serves, and only people reading
 * the docs want it.
 */
import { CACHE_CONTROL, CONTENT_TYPE } from "../http/headers.ts";
import { PreparedJson, PreparedResponse } from "../http/prepared-response.ts";
import type { AppContext, ServedRoute } from "../http/route.ts";
import { once } from "../once.ts";
import { type DocumentedRoute, openApiDocument } from "./document.ts";
import { DOCS_PATH, OPENAPI_PATH } from "./paths.ts";
import { docsPage } from "./ui.ts";

export interface ApiDocsOptions {
  readonly routes: readonly DocumentedRoute[];
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  /** Whose content the examples show, and where the site is. */
  readonly app: AppContext;
}

export function docsRoutes({ routes, info, app }: ApiDocsOptions): ServedRoute[] {
  const page = once(
    () =>
      new PreparedResponse(docsPage(info.title, info.description, OPENAPI_PATH), {
        contentType: CONTENT_TYPE.html,
        cacheControl: CACHE_CONTROL.content,
        etag: true,
        representation: "docs",
        vary: false,
      }),
  );
  const document = once(
    () =>
      new PreparedJson(
        openApiDocument(routes, { info, servers: [{ url: app.config.siteUrl }] }, app),
        CACHE_CONTROL.content,
      ),
  );
  return [
    {
      method: "GET",
      path: DOCS_PATH,
      handler: function docsUi({ request }) {
        return page().respond(request);
      },
    },
    {
      method: "GET",
      path: OPENAPI_PATH,
      handler: function openApi({ client, request }) {
        return document().respond(client, request);
      },
    },
  ];
}
