/**
 * @module Request limits. No GET endpoint reads a body, so any body over a small limit
 * is refused with the 413 envelope from its `Content-Length`, before a byte of it is
 * read. A route that accepts a body reads it with `readBody`: at most its own limit,
 * chunked bodies included, within a deadline, and no longer once the server drains. The
 * server's `maxRequestBodySize` (`server-options.ts`) is the backstop.
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

/** What the 408 says of a body that did not arrive within `LIMITS.bodyMs`. */
export const BODY_TOO_SLOW = `The request body did not arrive within ${LIMITS.bodyMs / 1000} s`;

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
 * The request's body, at most `maxBytes` of it, all of it within `LIMITS.bodyMs` and before
 * `drain` aborts (the server drains); or it throws the error the envelope answers: 413 over
 * the limit, 408 too slow or draining (with `Connection: close`), 400 cut off. A body
 * without a length (chunked) is read up to `maxBytes + 1` bytes, never further. A body that
 * stops short (the client closed the connection, or sent a malformed chunk) is the client's
 * 400. Every route that reads a body reads it here, so the drain ends every read at once.
 *
 * @example
 * const body = await readBody(request, LIMITS.bodyBytes, site.lifecycle.drainSignal);
 */
export async function readBody(
  request: Request,
  maxBytes: number,
  drain: AbortSignal,
  hint = "",
): Promise<Uint8Array> {
  const declared = declaredBodyError(request, maxBytes, hint);
  if (declared) throw declared;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const { ended, stop } = bodyDeadline(drain);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read().catch(cutOff), ended]);
      if (done) return Buffer.concat(chunks, total);
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes, hint);
      chunks.push(value);
    }
  } finally {
    stop();
    await reader.cancel().catch(() => {});
  }
}

/** What a read that failed means: the body never arrived whole, which is the client's doing. */
function cutOff(): never {
  throw new ApiError(
    "bad_request",
    "The request body did not arrive whole: the connection closed, or a chunk was malformed",
  );
}

/**
 * A promise that rejects with the 408 envelope's error once `LIMITS.bodyMs` pass or `drain`
 * aborts, whichever is first; `stop` once the body is read. RFC 9110 §15.5.9 has the server
 * close the connection after a 408.
 */
function bodyDeadline(drain: AbortSignal): { ended: Promise<never>; stop(): void } {
  const late = (message: string) =>
    new ApiError("request_timeout", message, { headers: { connection: "close" } });
  let stop = () => {};
  const ended = new Promise<never>((_, reject) => {
    const draining = () =>
      reject(late("The server is shutting down and will not wait for the rest of the body; try again"));
    const timer = setTimeout(() => reject(late(BODY_TOO_SLOW)), LIMITS.bodyMs);
    drain.addEventListener("abort", draining, { once: true });
    if (drain.aborted) draining();
    stop = () => {
      clearTimeout(timer);
      drain.removeEventListener("abort", draining);
    };
  });
  return { ended, stop };
}
