/**
 * @module The OpenAPI document of the route files, written from each route's `detail`:
 * one operation per method and path, its responses built when the document is first
 * asked for, with the errors the pipeline can answer for any route, and the 304 of any
 * answer whose ETag its 200 documents.
 */
import type { OpenAPIV3 } from "openapi-types";
import type { DocumentedRoute, RouteResponses, Site } from "../site/site.ts";
import { notModified, pipelineErrors } from "./responses.ts";

/** `GET /api/resume.json` → `getApiResumeJson`: a name a code generator can use as it is. */
function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.length === 0) words.push("index");
  return method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join("");
}

/**
 * A 200 with an ETag (`ok(…, true)`: every prepared response unless built with `etag: false`)
 * answers a matching `If-None-Match` with 304, so its 304 is documented with it.
 */
function withRevalidation(responses: RouteResponses): RouteResponses {
  const headers = (responses["200"] as { headers?: Record<string, unknown> } | undefined)?.headers;
  return headers && "ETag" in headers ? { ...responses, 304: notModified } : responses;
}

/**
 * The OpenAPI 3.1 document of the given routes (the route files', not the docs' own),
 * with examples from `site`'s content.
 */
export function openApiDocument(
  routes: readonly DocumentedRoute[],
  documentation: Omit<OpenAPIV3.Document, "paths" | "openapi">,
  site: Site,
): Record<string, unknown> {
  const paths: Record<string, Record<string, OpenAPIV3.OperationObject>> = {};
  for (const { method, path, detail } of routes) {
    const { responses, ...described } = detail;
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      operationId: operationIdOf(method, path),
      ...described,
      // The schemas are built now, when the document is first asked for. Every route can
      // also answer what the request pipeline answers for any route, and a 304 if it has an ETag.
      responses: { ...pipelineErrors(), ...withRevalidation(responses(site, path)) },
    };
  }
  return { openapi: "3.1.0", ...documentation, paths };
}
