/**
 * @module One read of a live source, bounded whatever the source does: a conditional
 * request (`If-None-Match` with the last validator), one deadline for the answer and its
 * body, a cap on the body's size, and what the source asks about the next read (its rate
 * limit's reset, `Retry-After`, GitHub's `X-Poll-Interval`). It never throws: every
 * ending is an outcome, from a short table, and what it says of one never holds a
 * credential, not even one a source sends in its URL (Last.fm's key).
 */
import { type Activity, InvalidBody, type LiveSource, shownText } from "./source.ts";

/** Every way a read ends, and whether what the answers show was confirmed by it. */
export const READ_OUTCOMES = {
  updated: { confirmed: true, meaning: "200: the body was read, and is what is shown now" },
  not_modified: { confirmed: true, meaning: "304: nothing new since the last body" },
  rate_limited: { confirmed: false, meaning: "403 or 429 with the rate limit spent, or Retry-After" },
  http_error: { confirmed: false, meaning: "any other status: 4xx, 5xx" },
  invalid: { confirmed: false, meaning: "200 with a body that is not what the source sends, or too large" },
  timeout: { confirmed: false, meaning: "no whole answer within LIVE_TIMEOUT_MS" },
  unreachable: { confirmed: false, meaning: "no HTTP answer: refused, reset, not HTTP, no address" },
} as const;

export type ReadOutcome = keyof typeof READ_OUTCOMES;
export const OUTCOMES = Object.keys(READ_OUTCOMES) as ReadOutcome[];

export interface ReadResult {
  readonly outcome: ReadOutcome;
  /** The HTTP status, when there was an answer. */
  readonly status?: number;
  /** On `updated`: the latest activity the body shows, or null for none. */
  readonly activity?: Activity | null;
  /** On `updated`: the body's validator, for the next read's `If-None-Match`. */
  readonly etag?: string;
  /** Epoch milliseconds before which the source asks not to be read again. */
  readonly notBefore?: number;
  /** What went wrong, in a line for the health check and the log: never the body, never a credential. */
  readonly error?: string;
}

export interface ReadOptions {
  readonly timeoutMs: number;
  /** Epoch milliseconds, as `Date.now`. */
  readonly clock: () => number;
}

/** A body larger than this is not an answer a source sends: GitHub's 30 events are a few tens of KiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** However far off a source says its limit resets, the next read is tried no later than this. */
const LONGEST_WAIT_MS = 3600_000;

/** Whole seconds in a header, or undefined. */
function seconds(value: string | null): number | undefined {
  return value !== null && /^\d{1,10}$/.test(value.trim()) ? Number(value) : undefined;
}

/** Seconds, or an HTTP date (RFC 9110 §10.2.3), as epoch milliseconds; undefined when neither. */
function retryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const wait = seconds(value);
  if (wait !== undefined) return now + wait * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date;
}

/** The latest of the times the headers ask to wait until, no later than `LONGEST_WAIT_MS` from now. */
function waitAsked(headers: Headers, now: number, rateLimited: boolean): number | undefined {
  const asked: number[] = [];
  const after = retryAfter(headers.get("retry-after"), now);
  if (after !== undefined) asked.push(after);
  const poll = seconds(headers.get("x-poll-interval"));
  if (poll !== undefined) asked.push(now + poll * 1000);
  const reset = seconds(headers.get("x-ratelimit-reset"));
  // The reset is in whole seconds: a second more, so the first read after it is counted anew.
  if (rateLimited && reset !== undefined) asked.push(reset * 1000 + 1000);
  if (asked.length === 0) return undefined;
  return Math.min(Math.max(...asked), now + LONGEST_WAIT_MS);
}

/** Whether a 403 or 429 says the rate limit is spent (GitHub's primary and secondary limits). */
function isRateLimit({ status, headers }: Response): boolean {
  return (
    status === 429 ||
    (status === 403 && (headers.get("x-ratelimit-remaining")?.trim() === "0" || headers.has("retry-after")))
  );
}

/** The body as text, refused past `MAX_BODY_BYTES` without reading the rest. */
export async function cappedText(response: Response): Promise<string | undefined> {
  if (!response.body) return "";
  if (Number(response.headers.get("content-length")) > MAX_BODY_BYTES) {
    await response.body.cancel();
    return undefined;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** A URL's query in a runtime's message (`UnexpectedRedirect fetching "https://…?api_key=…"`). */
const QUERY = /(\w+:\/\/[^\s"'?]*)\?[^\s"']*/g;

/** The outcome of an error thrown by `fetch` or by reading its body. */
function failed(error: unknown, timeoutMs: number): ReadResult {
  const name = (error as { name?: unknown })?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return { outcome: "timeout", error: `no whole answer within ${timeoutMs} ms` };
  }
  const message = (error instanceof Error ? error.message : String(error)).replace(QUERY, "$1?…");
  return { outcome: "unreachable", error: `no HTTP answer: ${shownText(message, 120)}` };
}

/** What the source makes of an error answer's JSON body, when it reads them: ` (Last.fm error 10: …)`. */
async function explained(source: LiveSource, response: Response): Promise<string> {
  if (!source.problem) {
    await response.body?.cancel();
    return "";
  }
  const text = await cappedText(response);
  try {
    const problem = text === undefined ? undefined : source.problem(JSON.parse(text));
    return problem ? `: ${shownText(problem, 120)}` : "";
  } catch {
    return "";
  }
}

/** Reads `source` once, asking only for what changed since `etag`. */
export async function readSource(
  source: LiveSource,
  etag: string | undefined,
  { timeoutMs, clock }: ReadOptions,
): Promise<ReadResult> {
  try {
    const response = await fetch(source.request(etag), {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    const now = clock();
    const { status } = response;
    const rateLimited = isRateLimit(response);
    const notBefore = waitAsked(response.headers, now, rateLimited);
    const asked = notBefore === undefined ? {} : { notBefore };
    if (status === 304) {
      await response.body?.cancel();
      return { outcome: "not_modified", status, ...asked };
    }
    if (status !== 200) {
      const problem = await explained(source, response);
      if (rateLimited) {
        const until = notBefore === undefined ? "" : ` until ${new Date(notBefore).toISOString()}`;
        return {
          outcome: "rate_limited",
          status,
          ...asked,
          error: `rate limited (${status})${until}${problem}`,
        };
      }
      return { outcome: "http_error", status, ...asked, error: `answered ${status}${problem}` };
    }
    const text = await cappedText(response);
    if (text === undefined) {
      return { outcome: "invalid", status, ...asked, error: `a body over ${MAX_BODY_BYTES} bytes` };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { outcome: "invalid", status, ...asked, error: "a body that is not JSON" };
    }
    const activity = source.latest(body, now);
    const validator = response.headers.get("etag") ?? undefined;
    return { outcome: "updated", status, activity, ...(validator && { etag: validator }), ...asked };
  } catch (error) {
    if (error instanceof InvalidBody) return { outcome: "invalid", status: 200, error: error.message };
    return failed(error, timeoutMs);
  }
}
