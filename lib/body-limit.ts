/**
 * @module A small request-body limit that answers with the JSON envelope. Bun's own
 * `maxRequestBodySize` answers an empty 413 that bypasses the error handler, so routes
 * that take (almost) no body check here first: the declared length, then, for a body
 * without one (chunked), at most `maxBytes + 1` bytes read before giving up.
 */
import { ApiError } from "./errors.ts";

/** Throws a 413 `ApiError` when the request carries more than `maxBytes` of body. */
export async function assertBodyWithin(request: Request, maxBytes: number, hint = ""): Promise<void> {
  const tooLarge = () => new ApiError(413, `The body is over ${maxBytes} bytes${hint}`);
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge();
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
