/**
 * @module One request to another service, bounded whatever it does: one deadline for the
 * answer and its body, no redirect followed (a request goes nowhere it was not sent), the
 * body's size capped, and every way of getting no answer told apart (`noAnswer`) in words
 * that never quote a URL's query, where a credential may travel (Last.fm's key).
 */
import { shownText } from "../utils/shown-text.ts";

/** A body larger than this is not an answer these services send: GitHub's 30 events are a few tens of KiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A body that is not what the service sends: too large, not JSON, or JSON of another shape. */
export class InvalidBody extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidBody";
  }
}

/** Sends `request`; the answer's body must be read within the same `timeoutMs`. */
export function boundedFetch(request: Request, timeoutMs: number): Promise<Response> {
  return fetch(request, { signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
}

/** The body as text, or undefined past `MAX_BODY_BYTES`, the rest left unread. */
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

/** The body's JSON; throws `InvalidBody` for one over the cap or not JSON. */
export async function jsonBody(response: Response): Promise<unknown> {
  const text = await cappedText(response);
  if (text === undefined) throw new InvalidBody(`a body over ${MAX_BODY_BYTES} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidBody("a body that is not JSON");
  }
}

/** The body's JSON, or undefined for none, one over the cap or not JSON: what an error answer explains itself with. */
export async function jsonIfAny(response: Response): Promise<unknown> {
  try {
    return await jsonBody(response);
  } catch (error) {
    if (error instanceof InvalidBody) return undefined;
    throw error;
  }
}

/** Why a request got no answer, or no whole one. */
export interface NoAnswer {
  readonly outcome: "timeout" | "unreachable";
  /** The runtime's code for it, when it gives one: `ECONNREFUSED`, `UnexpectedRedirect`. */
  readonly code?: string;
  /** In a few words, for a health check or a log line. */
  readonly error: string;
}

/** A URL's query in a runtime's message (`UnexpectedRedirect fetching "https://…?api_key=…"`). */
const QUERY = /(\w+:\/\/[^\s"'?]*)\?[^\s"']*/g;

/** What an error thrown by `boundedFetch`, or by reading its body, says. */
export function noAnswer(error: unknown, timeoutMs: number): NoAnswer {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (name === "TimeoutError" || name === "AbortError") {
    return { outcome: "timeout", error: `no whole answer within ${timeoutMs} ms` };
  }
  const message = (error instanceof Error ? error.message : String(error)).replace(QUERY, "$1?…");
  return {
    outcome: "unreachable",
    ...(typeof code === "string" && /^[\w.-]{1,40}$/.test(code) && { code }),
    error: `no HTTP answer: ${shownText(message, 120)}`,
  };
}
