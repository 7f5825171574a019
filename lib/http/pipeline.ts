/**
 * @module The way every request takes through the app, in the order it takes it. Every
 * request matches a route: a route file's, or, for any method and path none of them
 * answers, the app's last route (`unmatched.ts`: 404, 405 with `Allow`, or a preflight's
 * 204). So every request takes the same steps, each written once, as Elysia lifecycle
 * hooks declared `global` so that every route runs them, whichever plugin registered it:
 *
 * 1. Arrival (`derive`): who is asking, the request's id, its path, when it arrived.
 * 2. Limits (`onTransform`): a body over the limit is refused before any handler runs.
 * 3. The answer: the route's handler, from prepared responses. Not a hook.
 * 4. Errors (`onError`): anything thrown becomes the JSON envelope.
 * 5. Departure (`mapResponse`): the request id on the answer, one access-log line, and
 *    the answer counted in the metrics (`lib/metrics/site-metrics.ts`). An answer that is
 *    not a `Response` (a promise from a handler Elysia did not await) fails loudly as a
 *    500, logged, rather than leaving without its id, line or count.
 */
import { Elysia } from "elysia";
import { type SiteMetrics, UNMATCHED_ROUTE } from "../metrics/site-metrics.ts";
import type { Log } from "../runtime/log.ts";
import { type Client, clientOf } from "./client-kind.ts";
import { thrownAnswer } from "./errors.ts";
import { refuseOversizedBody } from "./limits.ts";
import { requestIdFor } from "./request-id.ts";
import { pathOf } from "./request-input.ts";

/** The path of the app's last route, which every method and path no other route answers reaches. */
export const ANY_PATH = "/*";

/** What the pipeline knows of a request from the moment it arrives. */
export interface Arrival {
  /** The caller's `X-Request-Id` when plainly safe, otherwise a new UUID. */
  readonly requestId: string;
  /** The path asked for, without the query. */
  readonly path: string;
  /** `performance.now()` when the request arrived. */
  readonly arrivedAt: number;
}

export interface PipelineOptions {
  readonly log: Log;
  /** Where each answer is counted, once, beside its access-log line. */
  readonly metrics: Pick<SiteMetrics, "request">;
}

/** Step 1, for every request: who is asking, and its arrival. */
function arrive({ request }: { request: Request }): { client: Client; arrival: Arrival } {
  return {
    client: clientOf(request),
    arrival: {
      requestId: requestIdFor(request.headers.get("x-request-id")),
      path: pathOf(request.url),
      arrivedAt: performance.now(),
    },
  };
}

/** What a handler answered with, when it is not a `Response`, named for the log. */
const describeAnswer = (value: unknown) => (value instanceof Promise ? "a promise" : typeof value);

export function requestPipeline({ log, metrics }: PipelineOptions) {
  return new Elysia({ name: "request-pipeline" })
    .derive({ as: "global" }, arrive)
    .onTransform({ as: "global" }, function limitBody({ request }) {
      refuseOversizedBody(request);
    })
    .onError({ as: "global" }, function answerError({ code, error, request, client }) {
      return thrownAnswer(code, error, request, client ?? clientOf(request), log);
    })
    .mapResponse({ as: "global" }, function depart({ responseValue, request, route, client, arrival }) {
      if (!(responseValue instanceof Response)) {
        throw new Error(
          `${route} answered with ${describeAnswer(responseValue)}, not a Response: a handler that returns a promise must be async`,
        );
      }
      responseValue.headers.set("x-request-id", arrival.requestId);
      const durationMs = performance.now() - arrival.arrivedAt;
      log.access({
        arrivedAtMs: performance.timeOrigin + arrival.arrivedAt,
        method: request.method,
        path: arrival.path,
        status: responseValue.status,
        durationMs,
        client: client.kind,
        requestId: arrival.requestId,
      });
      const counted = route === ANY_PATH ? UNMATCHED_ROUTE : route;
      metrics.request(counted, request.method, responseValue.status, client.kind, durationMs / 1000);
    });
}
