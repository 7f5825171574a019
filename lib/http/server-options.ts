/**
 * @module What the HTTP server itself is told, before the app sees a request. The app
 * carries these as its `serve` options (`createApp`), so Elysia's `listen()` hands them to
 * `Bun.serve`, and the Deno entry point passes on what `Deno.serve` understands.
 */

import type { Log } from "../runtime/log.ts";
import { DroppedConnection } from "./connections.ts";
import { internalError } from "./errors.ts";
import { type HttpMetrics, SERVER_ROUTE } from "./http-metrics.ts";
import { LIMITS } from "./limits.ts";
import { requestIdFor } from "./request-id.ts";

export const SERVER_OPTIONS = {
  /** A second server on a busy port must fail to start, not quietly share its connections. */
  reusePort: false,
  /** Never Bun's development error page, which shows messages and source paths. */
  development: false,
  /** The backstop behind the 413 envelope: above it Bun answers an empty 413 and closes. */
  maxRequestBodySize: LIMITS.serverBodyBytes,
  /**
   * A connection with nothing written for this long is closed, in Bun even in the middle of
   * a streamed answer: a stream that may stay quieter asks for more (`Connections.allowQuiet`).
   * Bun's own default, said here, since Elysia's `listen()` would otherwise set 30.
   */
  idleTimeout: 10,
} as const;

/**
 * What the server answers if an error escapes the app's own handling (the runtime hands it
 * the error, not the request): the 500 envelope with a request id of its own, the error
 * logged with its trace and that id, and the answer counted.
 */
export function serverErrorHandler({
  log,
  metrics,
}: {
  readonly log: Pick<Log, "error">;
  readonly metrics: HttpMetrics;
}): (error: unknown) => Response {
  return function serverError(error) {
    // Deno hands over a stream the app ended on purpose; the client is gone, and it was counted.
    if (error instanceof DroppedConnection) return new Response(null, { status: 500 });
    const requestId = requestIdFor(null);
    log.error(`A request failed outside the app's handling (request ${requestId})`, error);
    metrics.request(SERVER_ROUTE, "other", 500, "program", 0);
    const response = internalError();
    response.headers.set("x-request-id", requestId);
    return response;
  };
}
