/**
 * @module Hides a handler's or a hook's source from Elysia, which reads it twice:
 *
 * - To decide whether to await it (`isAsync` in its compose step): any `return f(` reads
 *   as "may return a promise", so nearly every handler here
 *   (`return page.respond(request)`) would be awaited, at the cost of a promise and an
 *   async turn per request. It reads the same text to decide what to parse per request.
 * - To take a checksum of it, one loop turn per character, for every hook of every route
 *   it registers or composes. At start-up those turns were enough to wake
 *   JavaScriptCore's optimising compiler, about 2 MB of resident memory.
 *
 * A bound function shows no source, so Elysia composes it as it is: synchronous, with
 * nothing parsed ahead. `tests/hot-path.test.ts` checks every route, from source and as
 * `bun run build` compiles it.
 */

/**
 * The function as Elysia should see it. An `async function` is returned as it is: Elysia
 * must await it so that what it throws reaches the error envelope. One that is not
 * `async` must answer synchronously, never with a promise.
 */
// biome-ignore lint/suspicious/noExplicitAny: any handler or hook, whatever its context.
export function synchronousHandler<F extends (...args: any[]) => unknown>(fn: F): F {
  return isAsyncFunction(fn) ? fn : (fn.bind(undefined) as F);
}

/** An `async function`: one that answers with a promise and must be awaited. */
export const isAsyncFunction = (fn: unknown): boolean =>
  typeof fn === "function" && fn.constructor.name === "AsyncFunction";
