/**
 * @module One call to a service while posting, bounded: a deadline for the answer and its
 * body, no redirect followed (a credential goes nowhere it was not sent), and every way it
 * can fail said in a few words of our own, with the service's own error name when it
 * gives one. What is said never holds the request: no token, no password; and the caller
 * takes out whatever of its credentials a service's answer might echo (`redacted`).
 */
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

/** A rate limit's end, as the answer says it: `Retry-After`, Bluesky's `ratelimit-reset`, Mastodon's `x-ratelimit-reset`. */
function limitEnds(headers: Headers): string | undefined {
  const retryAfter = headers.get("retry-after")?.trim();
  if (retryAfter) return /^\d+$/.test(retryAfter) ? `in ${retryAfter} s` : retryAfter;
  const reset = headers.get("ratelimit-reset")?.trim();
  if (reset && /^\d{1,12}$/.test(reset)) return new Date(Number(reset) * 1000).toISOString();
  const mastodon = headers.get("x-ratelimit-reset");
  return mastodon && !Number.isNaN(Date.parse(mastodon)) ? new Date(mastodon).toISOString() : undefined;
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
  let text: string;
  try {
    response = await fetch(request, { signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: unknown })?.name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new PostingError(`${what}: no answer within ${timeoutMs} ms`);
    const code = (error as { code?: unknown })?.code;
    throw new PostingError(
      `${what}: no answer${typeof code === "string" && /^[\w.-]{1,40}$/.test(code) ? ` (${code})` : ""}`,
    );
  }
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
    if (response.ok)
      throw new PostingError(`${what}: answered ${response.status} with a body that is not JSON`);
  }
  if (response.ok) return { status: response.status, body };
  if (response.status === 429) {
    const ends = limitEnds(response.headers);
    throw new PostingError(`${what}: rate limited (429)${ends ? `, until ${ends}` : ""}${said(body)}`, {
      status: 429,
      body,
    });
  }
  throw new PostingError(`${what}: answered ${response.status}${said(body)}`, {
    status: response.status,
    body,
  });
}

/** `message` with each of `secrets` taken out, should a service have echoed one. */
export function redacted(message: string, secrets: readonly (string | undefined)[]): string {
  return secrets.reduce<string>(
    (text, secret) => (secret && secret.length >= 4 ? text.replaceAll(secret, "[redacted]") : text),
    message,
  );
}
