/**
 * @module The profile page as an answer, for browsers at `/`. Like the terminal profile it
 * is rendered from the layout model once a minute, when the owner's local time changes.
 */
import { CACHE_CONTROL, CONTENT_TYPE, htmlSecurityPolicy } from "../http/headers.ts";
import { PreparedResponse } from "../http/prepared-response.ts";
import { sha256 } from "../http/sha256.ts";
import { perInterval } from "../per-interval.ts";
import type { Site } from "../site.ts";
import { renderPage } from "./html/page.ts";
import { profileLayout } from "./layout.ts";

/** The CSP source that allows exactly this stylesheet: `sha256-<base64>`. */
export function styleHash(css: string): string {
  return `sha256-${sha256(css, "base64")}`;
}

export function browserPage(site: Site): () => PreparedResponse {
  return perInterval(60_000, site.clock, (at) => {
    const page = renderPage(
      profileLayout(site.content, site.routes, site.config.siteUrl, at, site.live.latest()),
    );
    return new PreparedResponse(page.html, {
      contentType: CONTENT_TYPE.html,
      cacheControl: CACHE_CONTROL.perMinute,
      etag: true,
      headers: htmlSecurityPolicy(styleHash(page.css)),
    });
  });
}
