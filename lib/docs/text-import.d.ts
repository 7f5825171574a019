/**
 * @module What TypeScript is told a text import (`with { type: "text" }`) of the UI's
 * script gives: its source, a string. TypeScript does not read import attributes.
 */
declare module "*/dist/browser/standalone.js" {
  const source: string;
  export default source;
}
