/**
 * @module Paths the app serves that are not route files: the OpenAPI documentation, its
 * page, and the page's script.
 */
import pkg from "../../package.json" with { type: "json" };

export const DOCS_PATH = "/api/docs";
export const OPENAPI_PATH = "/api/docs/json";

/** The UI's version: what package.json pins, exactly, and so what node_modules holds. */
export const DOCS_UI_VERSION: string = pkg.dependencies["@scalar/api-reference"];

/**
 * The UI's script, named by its version: another version is another URL, so a browser
 * may keep this one for good.
 */
export const DOCS_UI_SCRIPT_PATH = `/api/docs/assets/api-reference-${DOCS_UI_VERSION}.js`;
