/**
 * @module The not-found handler: what the app answers when no route file answers a
 * request's method and path. 404 for an unknown path, 405 with `Allow` for a known path
 * and the wrong method, and 204 for a preflight (`OPTIONS`), from the table of the methods
 * each path answers. It is the app's last route, so every request takes the pipeline.
 */

import { quoteInput } from "../utils/request-input.ts";
import { ApiError, errorResponse } from "./errors.ts";
import { baseHeaders, preflightHeaders } from "./headers.ts";
import type { Handler } from "./route.ts";

/** The methods each path answers, HEAD beside GET: what 405 and preflights list. */
export type AllowedMethods = ReadonlyMap<string, readonly string[]>;

export function allowedMethods(routes: readonly { method: string; path: string }[]): AllowedMethods {
  const byPath = new Map<string, string[]>();
  for (const { method, path } of routes) {
    const methods = byPath.get(path) ?? [];
    const add = method === "GET" ? ["GET", "HEAD"] : [method];
    for (const m of add) if (!methods.includes(m)) methods.push(m);
    byPath.set(path, methods);
  }
  return byPath;
}

/** The app's last route, for every method and path no route file answers, from the app's table. */
export function notFound(allowed: AllowedMethods): Handler {
  return function notFoundHandler({ request, path, client }) {
    const methods = allowed.get(path) ?? allowed.get(path.replace(/\/+$/, "") || "/");
    if (!methods) {
      return errorResponse(
        new ApiError("not_found", `No route for ${quoteInput(request.method, 16)} ${quoteInput(path)}`),
        client,
      );
    }
    const allow = [...methods, "OPTIONS"].join(", ");
    if (request.method === "OPTIONS") {
      // A CORS preflight, or a plain OPTIONS: both learn what the path answers.
      return new Response(null, {
        status: 204,
        headers: { ...baseHeaders(), ...preflightHeaders(allow), allow },
      });
    }
    return errorResponse(
      new ApiError(
        "method_not_allowed",
        `${quoteInput(path)} answers ${allow}, not ${quoteInput(request.method, 16)}`,
        { headers: { allow } },
      ),
      client,
    );
  };
}
