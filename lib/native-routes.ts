/**
 * @module The app's fixed paths as a route table for a server that routes natively
 * (Bun's `routes`): each path and method gets Elysia's own handler for that one route,
 * as Elysia's `listen()` builds them on Bun, wrapped as the caller asks (the access log).
 * A request on one of them skips Elysia's general fetch handler, which finds the route
 * in JavaScript on every request. Anything else (another method, a path not listed)
 * still goes to the app's fetch handler, which answers it as before.
 */
import { createBunRouteHandler } from "elysia/adapter/bun/compose";
import type { FetchHandler, MatchedRoute } from "./access-log.ts";
import type { App } from "./app.ts";
import { METHODS, type Method } from "./route.ts";

export type RouteTable = Record<string, Partial<Record<Method | "HEAD", FetchHandler>>>;

/** A path with a parameter or a wildcard is left to the app's own router. */
const isFixed = (path: string) => !/[:*]/.test(path);

const isMethod = (method: string): method is Method => (METHODS as readonly string[]).includes(method);

/**
 * Every fixed path of `app`, by method, and HEAD wherever there is GET: the server
 * sends HEAD the GET answer's headers without its body. A route's handler is compiled
 * on its first request, as Elysia compiles it, so the table costs nothing before then.
 */
export function nativeRoutes(
  app: App,
  wrap: (handler: FetchHandler, matched: MatchedRoute) => FetchHandler,
): RouteTable {
  const table: RouteTable = {};
  for (const route of app.routes) {
    const { method } = route;
    if (!isFixed(route.path) || !isMethod(method)) continue;
    let compiled: FetchHandler | undefined;
    const handler: FetchHandler = (request) => {
      compiled ??= createBunRouteHandler(app, route) as FetchHandler;
      return compiled(request);
    };
    // Elysia's own `listen()` encodes the path the same way.
    const path = encodeURI(route.path);
    const methods = table[path] ?? {};
    table[path] = methods;
    methods[method] = wrap(handler, { method, path });
    if (method === "GET") methods.HEAD = wrap(handler, { method: "HEAD", path });
  }
  return table;
}
