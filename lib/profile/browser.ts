/**
 * @module The profile page as an answer, for browsers at `/`. Like the terminal profile it
 * is rendered from the layout model once a minute, when the owner's local time changes.
 */

import { CACHE_CONTROL, CONTENT_TYPE, htmlSecurityPolicy } from "../http/headers.ts";
import { PreparedResponse } from "../http/prepared-response.ts";
import type { Site } from "../site/site.ts";
import { Cache } from "../utils/cache.ts";
import { sha256 } from "../utils/sha256.ts";
import { renderPage } from "./html/page.ts";
import { siteLayout } from "./site-layout.ts";

/** The CSP source that allows exactly this stylesheet: `sha256-<base64>`. */
export function styleHash(css: string): string {
  return `sha256-${sha256(css, "base64")}`;
}

/** The page, drawn again at the first request of each minute. */
export function browserPage(site: Site): (request: Request) => Response {
  const layoutAt = siteLayout(site);
  const drawn = new Cache<PreparedResponse>({ every: { ms: 60_000, clock: site.clock } });
  return function page(request) {
    const prepared = drawn.get("page", (at) => {
      const { html, css } = renderPage(layoutAt(at));
      return new PreparedResponse(html, {
        contentType: CONTENT_TYPE.html,
        cacheControl: CACHE_CONTROL.perMinute,
        etag: true,
        headers: htmlSecurityPolicy(styleHash(css)),
      });
    });
    return prepared.respond(request);
  };
}
