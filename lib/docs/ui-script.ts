/**
 * @module The documentation UI's script: the browser bundle `@scalar/api-reference`
 * ships, as text. Only `api-docs.ts` imports it, on the first request for the script:
 * it is 4 MB that a server nobody asks for the docs never holds. The package's exports
 * do not name the bundle, so it is imported by its path in node_modules; the import
 * attribute makes both runtimes read it as text, and `bun build --compile` embed it.
 */
import script from "../../node_modules/@scalar/api-reference/dist/browser/standalone.js" with {
  type: "text",
};

export const UI_SCRIPT: string = script;
