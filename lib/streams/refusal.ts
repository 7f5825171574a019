/**
 * @module What a client hears when a stream is not opened for it: 503 when every slot is
 * taken, 429 when it holds its share; `Retry-After` either way. A terminal gets one line
 * of text; anyone else the JSON envelope.
 */
import { ApiError } from "../http/errors.ts";
import { CACHE_CONTROL, CONTENT_TYPE } from "../http/headers.ts";
import { preparedHeaders } from "../http/prepared-response.ts";
import type { Refusal } from "./open-streams.ts";

function sentence({ status, open, limit, retryAfterSeconds }: Refusal, what: string): string {
  return status === 503
    ? `All ${limit} ${what} this site allows are open: try again in ${retryAfterSeconds} s.`
    : `This address has ${open} ${what} open, as many as one may: close one, or try again in ${retryAfterSeconds} s.`;
}

/** The refusal as one line of plain text. */
export function refusedAsText(refusal: Refusal, what: string): Response {
  return new Response(`${sentence(refusal, what)}\n`, {
    status: refusal.status,
    headers: {
      ...preparedHeaders({ contentType: CONTENT_TYPE.text, cacheControl: CACHE_CONTROL.noStore }),
      "retry-after": String(refusal.retryAfterSeconds),
    },
  });
}

/** The refusal as the JSON envelope's error, for the pipeline to answer. */
export function refusedAsError(refusal: Refusal, what: string): ApiError {
  return new ApiError(refusal.status === 503 ? "over_capacity" : "rate_limited", sentence(refusal, what), {
    headers: { "retry-after": String(refusal.retryAfterSeconds) },
  });
}
