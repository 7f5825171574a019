/**
 * How `bun run build` bundles the server, shared with `tests/hot-path.test.ts`, which
 * bundles a fixture the same way to check that Elysia still composes every route
 * synchronously. Fully minified: Elysia reads the source of hooks and handlers to
 * decide what to await, and the ones on the request path show it none
 * (`lib/synchronous-handler.ts`), so minification cannot change what it decides.
 */
export const BUNDLE_OPTIONS = { target: "bun", minify: true } as const;
