/**
 * @module The OpenAPI document of the route files, made with `@elysiajs/swagger`'s own
 * path helpers from each route's `detail`.
 */
import { filterPaths, registerSchemaPath } from "@elysiajs/swagger/utils";
import type { OpenAPIV3 } from "openapi-types";
import type { AppContext, Method, RouteDetail } from "../http/route.ts";
import { pipelineErrors } from "./responses.ts";

/** A route of a route file, as the document describes it. */
export interface DocumentedRoute {
  readonly method: Method;
  readonly path: string;
  readonly detail: RouteDetail;
}

/** `GET /api/resume.json` → `getApiResumeJson`: a name a code generator can use as it is. */
function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.length === 0) words.push("index");
  return method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join("");
}

/**
 * The OpenAPI 3.1 document of the given routes (the route files', not the docs' own),
 * with examples from `app`'s content.
 */
export function openApiDocument(
  routes: readonly DocumentedRoute[],
  documentation: Omit<OpenAPIV3.Document, "paths" | "openapi">,
  app: AppContext,
): Record<string, unknown> {
  const paths: OpenAPIV3.PathsObject = {};
  for (const { method, path, detail } of routes) {
    // The schemas are built now, when the document is first asked for. Every route can
    // also answer what the request pipeline answers for any route.
    const responses = { ...pipelineErrors(), ...detail.responses(app) };
    registerSchemaPath({
      schema: paths,
      hook: { detail: { operationId: operationIdOf(method, path), ...detail, responses } },
      method: method as "GET",
      path,
      // Named TypeBox models (`app.model`): this API names none.
      models: {},
    });
  }
  return {
    openapi: "3.1.0",
    ...documentation,
    // The default filter hides every path with a dot in it, /api/resume.json included.
    paths: filterPaths(paths, { excludeStaticFile: false, exclude: [] }),
    components: { ...documentation.components, schemas: {} },
  };
}
