/**
 * How `bun run build` minifies the executable. Not `--minify-whitespace`: Elysia reads a
 * hook's source to decide whether to await it, and minified `return{client:f(` reads as
 * "may return a promise", which would make every route asynchronous (a promise and an
 * async turn per request). `tests/hot-path.test.ts` bundles with these flags to check.
 */
export const MINIFY_FLAGS = ["--minify-identifiers", "--minify-syntax"] as const;
