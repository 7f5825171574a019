/**
 * @module The metrics port's one answer: `GET /metrics`, the exposition of the site's
 * and the process's metrics, for Fly's Prometheus. A bare fetch handler, served by
 * `start.ts` on `METRICS_PORT` beside the public port and never on it: no
 * Elysia, no pipeline, no access-log line, so a scrape is neither logged nor counted.
 * Anything else answers the API's error envelope, classifying who asked itself, as no
 * pipeline runs here.
 */
import { clientOf } from "../http/client-kind.ts";
import { ApiError, errorResponse } from "../http/errors.ts";
import { CACHE_CONTROL } from "../http/headers.ts";
import { EXPOSITION_CONTENT_TYPE, exposition } from "../metrics/exposition.ts";
import type { Metrics } from "../metrics/registry.ts";
import { quoteInput } from "../utils/request-input.ts";

/** Where Prometheus scrapes, on the metrics port. */
export const METRICS_PATH = "/metrics";

export function metricsEndpoint(metrics: Pick<Metrics, "families">): (request: Request) => Response {
  return function scrape(request) {
    const path = new URL(request.url).pathname;
    if (path !== METRICS_PATH) {
      return errorResponse(
        new ApiError(
          "not_found",
          `No route for ${quoteInput(request.method, 16)} ${quoteInput(path)}: try GET /metrics`,
        ),
        clientOf(request),
      );
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return errorResponse(
        new ApiError(
          "method_not_allowed",
          `${METRICS_PATH} answers GET, HEAD, not ${quoteInput(request.method, 16)}`,
          {
            headers: { allow: "GET, HEAD" },
          },
        ),
        clientOf(request),
      );
    }
    return new Response(request.method === "HEAD" ? null : exposition(metrics.families), {
      headers: { "content-type": EXPOSITION_CONTENT_TYPE, "cache-control": CACHE_CONTROL.noStore },
    });
  };
}
