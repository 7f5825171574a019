/**
 * @module Whether an answer says the service is limiting us, and until when. One rule for
 * every service read or called: an answer is rate-limited when its status says so (429),
 * or when a 403 or 503 says when to come back (`Retry-After`, or GitHub's spent
 * `x-ratelimit-remaining`). Only then do the headers that say when the limit ends count:
 * a 200 that carries a reset time is an answer, not a request to wait.
 */

/** Whole seconds in a header, or undefined. */
function seconds(value: string | null): number | undefined {
  return value !== null && /^\d{1,12}$/.test(value.trim()) ? Number(value) : undefined;
}

/** `Retry-After`: seconds, or an HTTP date (RFC 9110 §10.2.3), as epoch milliseconds. */
function retryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const wait = seconds(value);
  if (wait !== undefined) return now + wait * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date;
}

/**
 * A limit's reset: Unix seconds (GitHub's `x-ratelimit-reset`, Bluesky's `ratelimit-reset`)
 * or an ISO 8601 time (Mastodon's `x-ratelimit-reset`), as epoch milliseconds.
 */
function reset(value: string | null): number | undefined {
  if (value === null) return undefined;
  const unix = seconds(value);
  // Whole seconds: a second more, so the first request after it is counted anew.
  if (unix !== undefined) return unix * 1000 + 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date;
}

/** A rate limit an answer states: when it ends, if it says. */
export interface ServiceLimit {
  /** Epoch milliseconds: the latest of the times the answer asks to wait until. */
  readonly until: number | undefined;
  /** The wait `Retry-After` gives, when it gives one in seconds rather than a date. */
  readonly retryAfterSeconds: number | undefined;
}

/** The rate limit `response` states, or undefined when it states none. */
export function rateLimited({ status, headers }: Response, now: number): ServiceLimit | undefined {
  const saysWhen = headers.has("retry-after") || headers.get("x-ratelimit-remaining")?.trim() === "0";
  if (status !== 429 && !((status === 403 || status === 503) && saysWhen)) return undefined;
  const asked = [
    retryAfter(headers.get("retry-after"), now),
    reset(headers.get("x-ratelimit-reset")),
    reset(headers.get("ratelimit-reset")),
  ].filter((time): time is number => time !== undefined);
  return {
    until: asked.length === 0 ? undefined : Math.max(...asked),
    retryAfterSeconds: seconds(headers.get("retry-after")),
  };
}
