/**
 * @module The OpenAPI document of the route files, made with `@elysiajs/swagger`'s own
 * path helpers from each route's `detail`.
 */
import { filterPaths, registerSchemaPath } from "@elysiajs/swagger/utils";
import type { OpenAPIV3 } from "openapi-types";
import type { Method, RouteDetail } from "../http/route.ts";

/** A route of a route file, as the document describes it. */
export interface DocumentedRoute {
  readonly method: Method;
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
