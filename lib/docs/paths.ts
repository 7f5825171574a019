/** @module Paths the app serves that are not route files: the OpenAPI documentation. */
export const DOCS_PATH = "/api/docs";
export const OPENAPI_PATH = "/api/docs/json";
