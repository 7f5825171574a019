/**
 * @module Request limits. No GET endpoint reads a body, so any body over a small limit
 * is refused with the 413 envelope from its `Content-Length`, before a byte of it is
 * read. The one route that accepts a body reads at most its own limit, chunked bodies
 * included. The server's `maxRequestBodySize` (`server-options.ts`) is the backstop.
 */
import { ApiError } from "./errors.ts";

export const LIMITS = {
  /** The largest request body accepted by any route. A route may set a smaller one. */
  bodyBytes: 1024,
  /** The server's own cap on any body: above it Bun answers an empty 413 and closes. */
  serverBodyBytes: 64 * 1024,
  /**
   * How long a body read may take, from the handler's first read: a kilobyte arrives in far
   * less on any link, and a client that trickles it holds a request (and the drain) no longer.
   */
  bodyMs: 5000,
} as const;

const tooLarge = (maxBytes: number, hint = "") =>
  new ApiError("payload_too_large", `Request bodies are limited to ${maxBytes} bytes${hint}`, {
    details: { limitBytes: maxBytes },
  });

/** The error for a request whose `Content-Length` is over `maxBytes` (or not a number), if any. */
export function declaredBodyError(request: Request, maxBytes: number, hint = ""): ApiError | undefined {
  const length = request.headers.get("content-length");
  if (length === null) return undefined;
  if (!/^\s*[0-9]+\s*$/.test(length))
    return new ApiError("bad_request", "Content-Length must be a whole number");
  return Number(length) <= maxBytes ? undefined : tooLarge(maxBytes, hint);
}

/** Throws the 413 (or 400) envelope's error unless the declared body is within `LIMITS.bodyBytes`. */
export function refuseOversizedBody(request: Request): void {
  const error = declaredBodyError(request, LIMITS.bodyBytes);
  if (error) throw error;
}

/**
 * Throws unless the request carries at most `maxBytes` of body. A body without a
 * length (chunked) is read up to `maxBytes + 1` bytes, never further.
 */
export async function readBodyWithin(request: Request, maxBytes: number, hint = ""): Promise<void> {
  const declared = declaredBodyError(request, maxBytes, hint);
  if (declared) throw declared;
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes, hint);
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
