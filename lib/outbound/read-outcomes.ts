/**
 * @module How a background read of another service can fail, the same for every one read
 * (a live source, a post's thread): the failures' table, and the failure each answer or
 * error is. A feature's own table adds the outcomes that confirm what it shows (`updated`,
 * a 304's `not_modified`, a post `gone`). A read never throws: every ending is an outcome.
 */
import { InvalidBody, noAnswer } from "./bounded-fetch.ts";
import { rateLimited } from "./rate-limited.ts";

/** An outcome of a read, and whether what is shown was confirmed by it. */
export interface OutcomeMeaning {
  readonly confirmed: boolean;
  readonly meaning: string;
}

/** Every way a read fails. */
export const FAILED_READS = {
  rate_limited: {
    confirmed: false,
    meaning: "429, or 403 or 503 saying when to come back (Retry-After, a spent limit)",
  },
  http_error: { confirmed: false, meaning: "any other status: 4xx, 5xx" },
  invalid: { confirmed: false, meaning: "a 200 whose body is not what the service sends, or over 1 MiB" },
  timeout: { confirmed: false, meaning: "no whole answer within the read's timeout" },
  unreachable: { confirmed: false, meaning: "no HTTP answer: refused, reset, not HTTP, no address" },
} as const satisfies Record<string, OutcomeMeaning>;

export type FailedOutcome = keyof typeof FAILED_READS;

export interface FailedRead {
  readonly outcome: FailedOutcome;
  /** The HTTP status, when there was an answer. */
  readonly status?: number;
  /** Epoch milliseconds before which the service asks not to be read again. */
  readonly notBefore?: number;
  /** What went wrong, in a line for the health check and the log: never the body, never a credential. */
  readonly error: string;
}

/** The failure an answer that is not the one asked for is; `explained` is what its body says (`: …`), if anything. */
export function refusedRead(response: Response, now: number, explained = ""): FailedRead {
  const { status } = response;
  const limit = rateLimited(response, now);
  if (!limit) return { outcome: "http_error", status, error: `answered ${status}${explained}` };
  const { until } = limit;
  return {
    outcome: "rate_limited",
    status,
    ...(until !== undefined && { notBefore: until }),
    error: `rate limited (${status})${until === undefined ? "" : ` until ${new Date(until).toISOString()}`}${explained}`,
  };
}

/** The failure an error thrown while reading is: a body not what the service sends, or no whole answer. */
export function failedRead(error: unknown, timeoutMs: number): FailedRead {
  if (error instanceof InvalidBody) return { outcome: "invalid", status: 200, error: error.message };
  const { outcome, error: words } = noAnswer(error, timeoutMs);
  return { outcome, error: words };
}
