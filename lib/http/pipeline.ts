/**
 * @module The way every request takes through the app, in the order it takes it: four
 * Elysia lifecycle hooks around the route's handler, each declared `global` so that every
 * route of the app runs it, whichever plugin registered the route.
 *
 * 1. Arrival (`derive`): who is asking, the request's id, when it arrived.
 * 2. Limits (`onTransform`): a body over the limit is refused before any handler runs.
 * 3. The route's handler (`routes/`), answering from prepared responses: not a hook.
 * 4. Errors (`onError`): anything thrown becomes the JSON envelope; a method or path
 *    that no route answers becomes 404, 405 with `Allow`, or 204 for a preflight.
 * 5. Departure (`mapResponse`): the request id on the answer, one access-log line, and
 *    the answer counted in the metrics (`lib/metrics/site-metrics.ts`).
 *
 * A request no route matched never reaches steps 1, 2 and 5 (Elysia finds no route to
 * run them for), so the error step does all three for it itself.
 */
import { Elysia } from "elysia";
import { type SiteMetrics, UNMATCHED_ROUTE } from "../metrics/site-metrics.ts";
import type { Log } from "../runtime/log.ts";
import { type Client, clientOf } from "./client-kind.ts";
import { thrownAnswer } from "./errors.ts";
import { declaredBodyError, LIMITS, refuseOversizedBody } from "./limits.ts";
import { requestIdFor } from "./request-id.ts";
import { pathOf } from "./request-input.ts";
import { type AllowedMethods, unmatchedAnswer } from "./unmatched.ts";

/** What the pipeline knows of a request from the moment it arrives. */
export type Arrival = {
  readonly client: Client;
  /** The caller's `X-Request-Id` when plainly safe, otherwise a new UUID. */
  readonly requestId: string;
  /** `performance.now()` when the request arrived. */
  readonly arrivedAt: number;
};

export interface PipelineOptions {
  readonly log: Log;
  /** Where each answer is counted, once, beside its access-log line. */
  readonly metrics: Pick<SiteMetrics, "request">;
  /** The methods each path answers, for 405 and preflights. */
  readonly allowedMethods: AllowedMethods;
}

/** Step 1, for every request: who is asking, its id, when it arrived. */
function arrive({ request }: { request: Request }): Arrival {
  return {
    client: clientOf(request),
    requestId: requestIdFor(request.headers.get("x-request-id")),
    arrivedAt: performance.now(),
  };
}

export function requestPipeline({ log, metrics, allowedMethods }: PipelineOptions) {
  /**
   * Stamps the request's id on its answer, in place, writes its access-log line and
   * counts it under `route`. Every answer is a `Response` this app built, so its headers
   * can still be set.
   */
  function depart(
    answer: Response,
    request: Request,
    path: string,
    route: string,
    client: Client,
    requestId: string,
    arrivedAt: number,
  ) {
    answer.headers.set("x-request-id", requestId);
    const durationMs = performance.now() - arrivedAt;
    log.access(
      performance.timeOrigin + arrivedAt,
      request.method,
      path,
      answer.status,
      durationMs,
      client.kind,
      requestId,
    );
    metrics.request(route, request.method, answer.status, client.kind, durationMs / 1000);
  }

  return new Elysia({ name: "request-pipeline" })
    .derive({ as: "global" }, arrive)
    .onTransform({ as: "global" }, function limitBody({ request }) {
      refuseOversizedBody(request);
    })
    .onError({ as: "global" }, function answerError(context) {
      const { code, error, request } = context;
      if (code !== "NOT_FOUND") {
        // A request Elysia could not parse fails before arrival, with no client yet.
        const client = (context as { client?: Client }).client ?? clientOf(request);
        return thrownAnswer(code, error, request, client, log);
      }
      // No route matched, so no other step ran: this request arrives and departs here.
      const { client, requestId, arrivedAt } = arrive({ request });
      const tooLarge = declaredBodyError(request, LIMITS.bodyBytes);
      const answer = tooLarge
        ? thrownAnswer(code, tooLarge, request, client, log)
        : unmatchedAnswer(request, client, allowedMethods);
      depart(answer, request, pathOf(request.url), UNMATCHED_ROUTE, client, requestId, arrivedAt);
      return answer;
    })
    .mapResponse(
      { as: "global" },
      function departRouted({ responseValue, request, route, client, requestId, arrivedAt }) {
        if (responseValue instanceof Response)
          depart(responseValue, request, route, route, client, requestId, arrivedAt);
      },
    );
}
