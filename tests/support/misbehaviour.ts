/**
 * Test support: what every stand-in of another service (GitHub, Last.fm, Bluesky,
 * Mastodon) does when a test tells it to misbehave: any status with any headers and body,
 * a body the service would never send, or no answer at all until the client gives up.
 */

export type Misbehaviour =
  | {
      readonly kind: "status";
      readonly status: number;
      readonly headers?: Record<string, string>;
      readonly body?: string;
    }
  | { readonly kind: "garbage" }
  | { readonly kind: "hang" };

/** A request a stand-in received, as a test reads it back. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text (a blob's as its size). */
  readonly body: string;
}

/** No answer until the client gives up (its timeout), so a hanging answer holds nothing after; then a 504. */
export const untilAborted = (request: Request) =>
  new Promise<Response>((resolve) => {
    const answer = () => resolve(new Response(null, { status: 504 }));
    if (request.signal.aborted) answer();
    request.signal.addEventListener("abort", answer, { once: true });
  });

/**
 * The answer to `request` for `misbehaviour`, in the service's words: `errorBody` for a
 * status given no body, `garbage` for a body that starts as the service's and breaks off.
 */
export function misbehaved(
  misbehaviour: Misbehaviour,
  request: Request,
  words: { readonly errorBody: string; readonly garbage: string },
): Response | Promise<Response> {
  switch (misbehaviour.kind) {
    case "status":
      return new Response(misbehaviour.body ?? words.errorBody, {
        status: misbehaviour.status,
        headers: { "content-type": "application/json", ...misbehaviour.headers },
      });
    case "garbage":
      return new Response(words.garbage, { headers: { "content-type": "application/json" } });
    case "hang":
      return untilAborted(request);
  }
}
