/**
 * @module One read of a thread, bounded whatever the service does: one deadline for the
 * answer and its body, the body's size capped (as a live source's, `lib/live/read.ts`), no
 * redirect followed, and what the service asks of the next read (`Retry-After`, a rate
 * limit's reset). It never throws: every ending is an outcome from a short table, and
 * what it says of one quotes neither the body nor the request.
 */
import { cappedText, MAX_BODY_BYTES } from "../live/read.ts";
import type { Reply } from "./reply.ts";
import { InvalidBody, type Thread } from "./thread.ts";

/** Every way a read ends, and whether what is shown of the thread was confirmed by it. */
export const READ_OUTCOMES = {
  updated: { confirmed: true, meaning: "200: the replies were read, and are what is shown now" },
  gone: { confirmed: true, meaning: "the post is no more (a 404, Bluesky's NotFound): no reply is shown" },
  rate_limited: { confirmed: false, meaning: "429, or 503 with Retry-After" },
  http_error: { confirmed: false, meaning: "any other status: 4xx, 5xx" },
  invalid: { confirmed: false, meaning: "200 with a body that is not what the service sends, or too large" },
  timeout: { confirmed: false, meaning: "no whole answer within REPLIES_TIMEOUT_MS" },
  unreachable: { confirmed: false, meaning: "no HTTP answer: refused, reset, not HTTP, no address" },
} as const;

export type ReadOutcome = keyof typeof READ_OUTCOMES;
export const OUTCOMES = Object.keys(READ_OUTCOMES) as ReadOutcome[];

export interface ThreadRead {
  readonly outcome: ReadOutcome;
  readonly status?: number;
  /** On `updated` and `gone`: every reply the thread has now. */
  readonly replies?: readonly Reply[];
  /** Epoch milliseconds before which the service asks not to be read again. */
  readonly notBefore?: number;
  /** What went wrong, in a few words. */
  readonly error?: string;
}

/** However far off a service says its limit resets, the next read is tried no later than this. */
const LONGEST_WAIT_MS = 3600_000;

/**
 * When the headers ask the next read to wait until, in epoch milliseconds: `Retry-After`
 * (seconds or an HTTP date), Bluesky's `ratelimit-reset` (Unix seconds), Mastodon's
 * `x-ratelimit-reset` (an ISO 8601 time).
 */
function waitAsked(headers: Headers, now: number): number | undefined {
  const times: number[] = [];
  const retryAfter = headers.get("retry-after")?.trim();
  if (retryAfter)
    times.push(/^\d{1,10}$/.test(retryAfter) ? now + Number(retryAfter) * 1000 : Date.parse(retryAfter));
  const reset = headers.get("ratelimit-reset")?.trim();
  if (reset && /^\d{1,12}$/.test(reset)) times.push(Number(reset) * 1000);
  const mastodonReset = headers.get("x-ratelimit-reset");
  if (mastodonReset) times.push(Date.parse(mastodonReset));
  const valid = times.filter((time) => Number.isFinite(time) && time > now);
  return valid.length === 0 ? undefined : Math.min(Math.max(...valid), now + LONGEST_WAIT_MS);
}

/** The JSON of a body, or undefined for one that is none or too large. */
async function jsonOf(response: Response): Promise<unknown> {
  const text = await cappedText(response);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads `thread` once. */
export async function readThread(
  thread: Thread,
  { timeoutMs, clock }: { readonly timeoutMs: number; readonly clock: () => number },
): Promise<ThreadRead> {
  try {
    const response = await fetch(thread.request(), {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    const { status } = response;
    const notBefore = waitAsked(response.headers, clock());
    const asked = notBefore === undefined ? {} : { notBefore };
    if (status !== 200) {
      const body = await jsonOf(response);
      if (thread.gone(status, body)) return { outcome: "gone", status, replies: [], ...asked };
      if (status === 429 || (status === 503 && notBefore !== undefined)) {
        const until = notBefore === undefined ? "" : ` until ${new Date(notBefore).toISOString()}`;
        return { outcome: "rate_limited", status, ...asked, error: `rate limited (${status})${until}` };
      }
      return { outcome: "http_error", status, ...asked, error: `answered ${status}` };
    }
    const text = await cappedText(response);
    if (text === undefined)
      return { outcome: "invalid", status, error: `a body over ${MAX_BODY_BYTES} bytes` };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { outcome: "invalid", status, error: "a body that is not JSON" };
    }
    return { outcome: "updated", status, replies: thread.replies(body), ...asked };
  } catch (error) {
    if (error instanceof InvalidBody) return { outcome: "invalid", status: 200, error: error.message };
    const name = (error as { name?: unknown })?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      return { outcome: "timeout", error: `no whole answer within ${timeoutMs} ms` };
    }
    const code = (error as { code?: unknown })?.code;
    const why = typeof code === "string" && /^[\w.-]{1,40}$/.test(code) ? ` (${code})` : "";
    return { outcome: "unreachable", error: `no HTTP answer${why}` };
  }
}
