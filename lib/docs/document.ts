/**
 * @module API documentation: the OpenAPI document and its UI page, each built once at
 * start-up as a prepared response, so they carry the same headers, ETag and 304 as
 * the rest of the API. The document is made by `@elysiajs/swagger`'s own helpers.
 */
import { filterPaths, registerSchemaPath } from "@elysiajs/swagger/utils";
import type { OpenAPIV3 } from "openapi-types";
import { CACHE_CONTROL, CONTENT_TYPE, DOCS_SCRIPT_BASE } from "../http/headers.ts";
import { PreparedJson, PreparedResponse } from "../http/prepared-response.ts";
import type { RouteDetail } from "../http/route.ts";
import { escapeHtml } from "../profile/html/escape.ts";

/** A route of a route file, as the document describes it. */
export interface DocumentedRoute {
  readonly method: string;
  readonly path: string;
  readonly detail: RouteDetail;
}

/** The OpenAPI 3.1 document of the given routes: the route files', not the docs' own. */
export function openApiDocument(
  routes: readonly DocumentedRoute[],
  documentation: Omit<OpenAPIV3.Document, "paths" | "openapi">,
  /** Named TypeBox models (`app.model`); this API names none. */
  // biome-ignore lint/suspicious/noExplicitAny: TypeBox models, as Elysia keeps them.
  models: Record<string, any> = {},
): Record<string, unknown> {
  const paths: OpenAPIV3.PathsObject = {};
  for (const { method, path, detail } of routes) {
    registerSchemaPath({
      schema: paths,
      // The schemas are built now, when the document is first asked for.
      hook: { detail: { ...detail, responses: detail.responses() } },
      method: method as "GET",
      path,
      models,
    });
  }
  return {
    openapi: "3.1.0",
    ...documentation,
    // The default filter hides every path with a dot in it, /api/rin.json included.
    paths: filterPaths(paths, { excludeStaticFile: false, exclude: [] }),
    components: { ...documentation.components, schemas: models },
  };
}

/**
 * The documentation page: Scalar's UI from a pinned CDN folder (the CSP allows that
 * folder and nothing else), configured by data attributes so no inline script runs.
 */
export function docsPage(title: string, description: string, specPath: string): string {
  const configuration = escapeHtml(JSON.stringify({ withDefaultFonts: false }));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
</head>
<body>
<script id="api-reference" data-url="${escapeHtml(specPath)}" data-configuration="${configuration}"></script>
<script src="${DOCS_SCRIPT_BASE}standalone.js"></script>
</body>
</html>
`;
}

/** Both documentation responses, prepared. */
export function preparedDocs(page: string, document: Record<string, unknown>) {
  return {
    page: new PreparedResponse(page, {
      contentType: CONTENT_TYPE.html,
      cacheControl: CACHE_CONTROL.content,
      etag: true,
      representation: "docs",
      vary: false,
    }),
    document: new PreparedJson(document, CACHE_CONTROL.content, true),
  };
}
