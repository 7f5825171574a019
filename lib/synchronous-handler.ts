/**
 * @module Keeps a synchronous handler synchronous in Elysia. Elysia decides whether to
 * await a handler from its source text (`isAsync` in its compose step): any `return f(`
 * reads as "may return a promise", so nearly every handler here
 * (`return page.respond(request)`) would be awaited, at the cost of a promise and an
 * async turn per request. It reads the same text to decide what to parse per request.
 * A bound function shows no source, so Elysia composes it as it is: synchronous, with
 * nothing parsed ahead. `tests/hot-path.test.ts` checks every route, from source and as
 * `bun run build` compiles it.
 */
import type { Handler } from "./route.ts";

/**
 * The handler as Elysia should see it. An `async function` is returned as it is: Elysia
 * must await it so that what it throws reaches the error envelope. A handler that is not
 * `async` must answer synchronously, never with a promise.
 */
export function synchronousHandler(handler: Handler): Handler {
  return handler.constructor.name === "AsyncFunction" ? handler : handler.bind(undefined);
}
