/**
 * @module What the HTTP server itself is told, before the app sees a request. One copy:
 * the app carries these as its `serve` options, so Elysia's `listen()` hands them to
 * `Bun.serve`, and the Deno entry point passes on what `Deno.serve` understands.
 */
import { internalError } from "./errors.ts";
import { LIMITS } from "./limits.ts";

export const SERVER_OPTIONS = {
  /** A second server on a busy port must fail to start, not quietly share its connections. */
  reusePort: false,
  /** Never Bun's development error page, which shows messages and source paths. */
  development: false,
  /** The backstop behind the 413 envelope: above it Bun answers an empty 413 and closes. */
  maxRequestBodySize: LIMITS.serverBodyBytes,
  /** What the server answers if an error escapes the app's own handling: the 500 envelope. */
  error: (): Response => internalError(),
} as const;
