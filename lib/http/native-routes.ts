/**
 * @module The app's fixed paths as a route table for a server that routes natively
 * (Bun's `routes`), wrapped as the caller asks (the access log). A request on one of
 * them skips Elysia's general fetch handler, which finds the route in JavaScript on
 * every request. Anything else (another method, a path not listed) still goes to the
 * app's fetch handler, which answers it as before.
 *
 * A route whose hooks are exactly the app's own (the body limit, the client
 * classification, the error envelope) is answered directly: what those hooks do
 * (`checkBodyLimit`, `clientOf`), then its handler, as plain calls. Elysia's handler
 * for one route builds a context of five properties, calls each hook through it and
 * merges what the hook derives, and that cost about a tenth of a bare server's
 * throughput (README, Performance). Any other route gets Elysia's own handler, as
 * Elysia's `listen()` builds it on Bun.
 */
import { createBunRouteHandler } from "elysia/adapter/bun/compose";
import type { FetchHandler, MatchedRoute } from "./access-log.ts";
import type { App } from "./app.ts";
import { clientOf, deriveClient } from "./client-kind.ts";
import { checkBodyLimit, limitBody } from "./limits.ts";
import { METHODS, type Method, type RequestContext } from "./route.ts";
import { isAsyncFunction } from "./synchronous-handler.ts";

export type RouteTable = Record<string, Partial<Record<Method | "HEAD", FetchHandler>>>;

type AppRoute = App["routes"][number];

/** What Elysia hands an error hook; the app's reads these three. */
interface ErrorHookContext {
  readonly code: string;
  readonly error: unknown;
  readonly request: Request;
}

/** A route's lifecycle hooks, and anything else it was registered with (a schema, say). */
type Hooks = Readonly<Record<string, readonly { readonly fn: unknown }[] | undefined>>;

/** The app's request hooks, in the order it registers them (`app.ts`). */
const REQUEST_HOOKS: readonly unknown[] = [limitBody, deriveClient];

/**
 * The route answered as Elysia would answer it, without its per-request context:
 * `undefined` unless the route's handler is synchronous and its hooks are the app's
 * request hooks and one error hook. A hook added to the app therefore never goes
 * unrun here; the route falls back to Elysia's handler (and `tests/native-routes.test.ts`
 * says so).
 */
export function directAnswer(route: AppRoute): FetchHandler | undefined {
  const { handler } = route;
  const hooks = route.hooks as Hooks;
  const transforms = hooks.transform?.map((hook) => hook.fn) ?? [];
  const errorHooks = hooks.error ?? [];
  const onlyTheAppsHooks =
    Object.entries(hooks).every(
      ([kind, value]) =>
        value === undefined || value.length === 0 || kind === "transform" || kind === "error",
    ) &&
    transforms.length === REQUEST_HOOKS.length &&
    transforms.every((fn, index) => fn === REQUEST_HOOKS[index]) &&
    errorHooks.length === 1;
  if (!onlyTheAppsHooks || typeof handler !== "function" || isAsyncFunction(handler)) {
    return undefined;
  }
  // Every handler the app registers takes a route file's context (`app.ts`).
  const answer = handler as unknown as (context: RequestContext) => Response;
  const onError = errorHooks[0]?.fn as (context: ErrorHookContext) => Response;
  return function answerDirectly(request) {
    try {
      // All that `limitBody` and `deriveClient` do, without a context object for each.
      checkBodyLimit(request);
      return answer({ client: clientOf(request), request });
    } catch (error) {
      // The code Elysia gives anything a handler or hook throws.
      return onError({ code: "UNKNOWN", error, request });
    }
  };
}

/**
 * Elysia's own handler for `route`, compiled on its first request as Elysia compiles its
 * own, so that start-up does not pay for it.
 */
function compiledOnFirstRequest(app: App, route: AppRoute): FetchHandler {
  let compiled: FetchHandler | undefined;
  return (request) => {
    compiled ??= createBunRouteHandler(app, route) as FetchHandler;
    return compiled(request);
  };
}

/** A path with a parameter or a wildcard is left to the app's own router. */
const isFixed = (path: string) => !/[:*]/.test(path);

const isMethod = (method: string): method is Method => (METHODS as readonly string[]).includes(method);

/**
 * Every fixed path of `app`, by method, and HEAD wherever there is GET: the server
 * sends HEAD the GET answer's headers without its body.
 */
export function nativeRoutes(
  app: App,
  wrap: (handler: FetchHandler, matched: MatchedRoute) => FetchHandler,
): RouteTable {
  const table: RouteTable = {};
  for (const route of app.routes) {
    const { method } = route;
    if (!isFixed(route.path) || !isMethod(method)) continue;
    const handler = directAnswer(route) ?? compiledOnFirstRequest(app, route);
    // Elysia's own `listen()` encodes the path the same way.
    const path = encodeURI(route.path);
    const methods = table[path] ?? {};
    table[path] = methods;
    methods[method] = wrap(handler, { method, path });
    if (method === "GET") methods.HEAD = wrap(handler, { method: "HEAD", path });
  }
  return table;
}
