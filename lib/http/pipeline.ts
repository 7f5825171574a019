/**
 * @module The way every request takes through the app, in the order it takes it, as
 * Elysia lifecycle hooks declared `global` so that every route runs them, whichever plugin
 * registered it. Every request matches a route: a route file's, or, for any method and path
 * none of them answers, the app's last route (`not-found.ts`). So every request takes:
 *
 * 1. `derive`: who is asking (`client-kind.ts`), and the request's id.
 * 2. `onTransform`: a body over the limit is refused before any handler runs.
 * 3. The route's handler: a `Response`, prepared or built for this request.
 * 4. `onError`: anything thrown becomes the JSON envelope (`errors.ts`); an error in the
 *    request, in the route's own protocol when it has one (`RequestErrorAnswer`).
 * 5. `mapResponse`: the answer carries the request's id as `X-Request-Id`.
 * 6. `onAfterResponse`, once the answer has left: one access-log line, and the answer
 *    counted for the metrics.
 *
 * The id is set on the answer itself rather than through `set.headers`, from which Elysia
 * makes a new response per request (docs/decisions/2026-11-27-the-request-lifecycle.md).
 */
import { Elysia } from "elysia";
import type { Log } from "../runtime/log.ts";
import { clientOf } from "./client-kind.ts";
import { ApiError, errorAnswer } from "./errors.ts";
import { type HttpMetrics, UNMATCHED_ROUTE } from "./http-metrics.ts";
import { refuseOversizedBody } from "./limits.ts";
import { requestIdFor } from "./request-id.ts";
import type { RequestErrorAnswer } from "./route.ts";

/** The path of the app's last route, which every method and path no other route answers reaches. */
export const ANY_PATH = "/*";

export interface PipelineOptions {
  readonly log: Log;
  /** Where each answer is counted, once, beside its access-log line. */
  readonly metrics: HttpMetrics;
  /** The routes that answer an error in the request in their own protocol, by `METHOD /path`. */
  readonly requestErrors?: ReadonlyMap<string, RequestErrorAnswer>;
}

export function requestPipeline({ log, metrics, requestErrors = new Map() }: PipelineOptions) {
  return new Elysia({ name: "request-pipeline" })
    .derive({ as: "global" }, function identify({ request }) {
      const requestId = requestIdFor(request.headers.get("x-request-id"));
      return { client: clientOf(request), requestId, receivedAt: performance.now() };
    })
    .onTransform({ as: "global" }, function limitBody({ request }) {
      refuseOversizedBody(request);
    })
    .onError({ as: "global" }, function errorHandler({ code, error, request, path, route, client }) {
      if (error instanceof ApiError && error.status < 500) {
        const own = requestErrors.get(`${request.method} ${route}`);
        if (own) return own(error);
      }
      return errorAnswer(code, error, request.method, path, client ?? clientOf(request), log);
    })
    .mapResponse({ as: "global" }, function stampRequestId({ responseValue, route, requestId }) {
      if (!(responseValue instanceof Response)) {
        throw new Error(
          `${route} answered with ${responseValue instanceof Promise ? "a promise" : typeof responseValue}, not a Response: a handler that returns a promise must be async`,
        );
      }
      responseValue.headers.set("x-request-id", requestId);
    })
    .onAfterResponse({ as: "global" }, function logAndCount(context) {
      const { request, path, route, client, requestId, receivedAt, responseValue } = context;
      const status = (responseValue as Response).status;
      const durationMs = performance.now() - receivedAt;
      log.access({
        arrivedAtMs: performance.timeOrigin + receivedAt,
        method: request.method,
        path,
        status,
        durationMs,
        client: client.kind,
        requestId,
      });
      const counted = route === ANY_PATH ? UNMATCHED_ROUTE : route;
      metrics.request(counted, request.method, status, client.kind, durationMs / 1000);
    });
}
