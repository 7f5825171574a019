/**
 * @module Request limits. No GET endpoint reads a body, so any body over a small limit
 * is refused with the 413 envelope from its `Content-Length`, before a byte of it is
 * read. A route that accepts (almost) none checks a smaller limit itself, chunked
 * bodies included. Bun's `maxRequestBodySize` (server options) is the backstop.
 */
import { Elysia } from "elysia";
import { ApiError } from "./errors.ts";
import { synchronousHandler } from "./synchronous-handler.ts";

export const LIMITS = {
  /** The largest request body accepted by any route. A route may set a smaller one. */
  bodyBytes: 1024,
  /** Bun's own cap on any body (`maxRequestBodySize`): it answers an empty 413 above it. */
  serverBodyBytes: 64 * 1024,
  /** Request line plus headers (Bun's `--max-http-header-size`): a bigger one gets 431. */
  headerBytes: 16 * 1024,
} as const;

const tooLarge = (maxBytes: number, hint = "") =>
  new ApiError(413, `Request bodies are limited to ${maxBytes} bytes${hint}`, {
    details: { limitBytes: maxBytes },
  });

/** The error for a request whose announced body is over `maxBytes`, if it is. */
export function bodyTooLarge(request: Request, maxBytes: number, hint = ""): ApiError | undefined {
  const length = request.headers.get("content-length");
  if (length === null) return undefined;
  if (!/^\s*[0-9]+\s*$/.test(length)) return new ApiError(400, "Content-Length must be a whole number");
  return Number(length) <= maxBytes ? undefined : tooLarge(maxBytes, hint);
}

/**
 * Throws unless the request carries at most `maxBytes` of body. A body without a
 * length (chunked) is read up to `maxBytes + 1` bytes, never further.
 */
export async function assertBodyWithin(request: Request, maxBytes: number, hint = ""): Promise<void> {
  const declared = bodyTooLarge(request, maxBytes, hint);
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

/** Throws the 413 (or 400) envelope's error unless the request's body is within `LIMITS.bodyBytes`. */
export function checkBodyLimit(request: Request): void {
  const error = bodyTooLarge(request, LIMITS.bodyBytes);
  if (error) throw error;
}

/**
 * Checks every matched route before its handler runs. A transform hook, not
 * `onRequest`: that one would take every route off Bun's native router. Exported so
 * that router can recognise it (`native-routes.ts`).
 */
export const limitBody = synchronousHandler(function limitBody({ request }: { request: Request }) {
  checkBodyLimit(request);
});

export const bodyLimit = new Elysia({ name: "body-limit" }).onTransform({ as: "global" }, limitBody);
