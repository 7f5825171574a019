/**
 * @module A Markdown answer, prepared as every answer is (`PreparedResponse`): a strong
 * ETag and its 304, compressed for a client that asks.
 */
import { CACHE_CONTROL, CONTENT_TYPE } from "../http/headers.ts";
import { PreparedResponse } from "../http/prepared-response.ts";

/**
 * `markdown` as `text/markdown`. Negotiated (a route that answers JSON too), it varies
 * on `Accept` and `User-Agent` as the route's other answers do; at a `.md` path, the same
 * for everyone, it varies on nothing.
 */
export function preparedMarkdown(markdown: string, at: "negotiated" | "own path"): PreparedResponse {
  return new PreparedResponse(markdown, {
    contentType: CONTENT_TYPE.markdown,
    cacheControl: CACHE_CONTROL.content,
    etag: true,
    ...(at === "own path" && { vary: false }),
  });
}
