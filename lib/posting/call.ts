/**
 * @module One call to a service while posting, bounded as every request to another service
 * is (`lib/outbound/`): a deadline for the answer and its body, the body capped, no
 * redirect followed (a credential goes nowhere it was not sent), a rate limit told by the
 * same rule; and every way it can fail said in a few words of our own, with the service's
 * own error name when it gives one. What is said never holds the request: no token, no
 * password; and the caller takes out whatever of its credentials a service's answer might
 * echo (`redacted`).
 */
import { boundedFetch, cappedText, MAX_BODY_BYTES, noAnswer } from "../outbound/bounded-fetch.ts";
import { rateLimited } from "../outbound/rate-limited.ts";
import { shownText } from "../utils/shown-text.ts";

/** A call that did not give what was asked, in a line a person reads. */
export class PostingError extends Error {
  constructor(
    message: string,
    /** The answer, when there was one that was not a 2xx: its status and JSON body. */
    readonly answer?: { readonly status: number; readonly body: unknown },
  ) {
    super(message);
    this.name = "PostingError";
  }
}

export interface CallOptions {
  /** How the call is named in a message: `createSession`, `POST /api/v1/statuses`. */
  readonly what: string;
  readonly timeoutMs: number;
}

/** What an error answer says of itself: XRPC's `error` and `message`, Mastodon's `error`. */
function said(body: unknown): string {
  if (typeof body !== "object" || body === null) return "";
  const { error, message } = body as { error?: unknown; message?: unknown };
  const words = [error, message].filter((part): part is string => typeof part === "string");
  return words.length === 0 ? "" : `: ${shownText(words.join(": "), 160)}`;
}

/** Sends `request`; the JSON of a 2xx answer, or a `PostingError` that says what happened. */
export async function callJson(
  request: Request,
  { what, timeoutMs }: CallOptions,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  let text: string | undefined;
  try {
    response = await boundedFetch(request, timeoutMs);
    text = await cappedText(response);
  } catch (error) {
    const { outcome, code } = noAnswer(error, timeoutMs);
    throw new PostingError(
      `${what}: ${outcome === "timeout" ? `no answer within ${timeoutMs} ms` : `no answer${code ? ` (${code})` : ""}`}`,
    );
  }
  const { status, ok } = response;
  if (text === undefined && ok)
    throw new PostingError(`${what}: answered ${status} with a body over ${MAX_BODY_BYTES} bytes`);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
    if (ok) throw new PostingError(`${what}: answered ${status} with a body that is not JSON`);
  }
  if (ok) return { status, body };
  const limit = rateLimited(response, Date.now());
  const until =
    limit?.retryAfterSeconds !== undefined
      ? `, until in ${limit.retryAfterSeconds} s`
      : limit?.until !== undefined
        ? `, until ${new Date(limit.until).toISOString()}`
        : "";
  throw new PostingError(
    `${what}: ${limit ? `rate limited (${status})${until}` : `answered ${status}`}${said(body)}`,
    {
      status,
      body,
    },
  );
}

/** `message` with each of `secrets` taken out, should a service have echoed one. */
export function redacted(message: string, secrets: readonly (string | undefined)[]): string {
  return secrets.reduce<string>(
    (text, secret) => (secret && secret.length >= 4 ? text.replaceAll(secret, "[redacted]") : text),
    message,
  );
}
