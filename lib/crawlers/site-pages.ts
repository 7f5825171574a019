/**
 * @module The site's pages for search engines, in one list: what `/sitemap.xml` lists and
 * what `POST /api/ping-indexnow` submits, so the two can never disagree. The list is the
 * site's root and the pages of `content/site.json`, each with the day its content last
 * changed, taken from the content's own dates rather than from the clock.
 */
import type { Content } from "../content/validate.ts";

export interface SitePage {
  /** Absolute, on the site's host. */
  readonly url: string;
  /** `YYYY-MM-DD`; undefined for a page whose content carries no date. */
  readonly lastmod: string | undefined;
}

type DatedContent = "profile" | "now";

/**
 * The dated content each page shows: the profile's `updated`, the /now status's
 * `updated`, or both. A page not listed here (the stack, the docs) has no lastmod:
 * better none than a date that would claim a change that never happened.
 */
const SHOWS: Readonly<Record<string, readonly DatedContent[]>> = {
  "/": ["profile", "now"],
  "/api/curl": ["profile", "now"],
  "/api/rin.json": ["profile"],
  "/api/resume.json": ["profile"],
  "/api/vcard": ["profile"],
  "/api/now": ["now"],
};

/** The pages, root first, each once, in the order `content/site.json` lists them. */
export function sitePages(content: Content, siteUrl: string): SitePage[] {
  const dates: Record<DatedContent, string> = { profile: content.profile.updated, now: content.now.updated };
  const urls = [...new Set([`${siteUrl}/`, ...content.site.pages])];
  return urls.map((url) => {
    const shown = SHOWS[new URL(url).pathname] ?? [];
    // ISO dates sort as text: the latest of the content the page shows.
    const lastmod = shown
      .map((what) => dates[what])
      .sort()
      .at(-1);
    return { url, lastmod };
  });
}
