/**
 * @module The site's pages for search engines, in one list: what `/sitemap.xml` lists and
 * what `POST /api/ping-indexnow` submits, so the two can never disagree. The list follows
 * the route table: each route whose file says it is a page (`sitemap` in its definition),
 * in the table's order, the site's root first, then the API's documentation. Each is
 * dated by the content it shows, never by the clock.
 */
import type { Content } from "../content/site-content.ts";
import { DOCS_PATH } from "../docs/paths.ts";
import type { DatedContent, RouteSummary } from "../http/route.ts";

export interface SitePage {
  /** Absolute, on the site's host. */
  readonly url: string;
  /** `YYYY-MM-DD`; undefined for a page whose content carries no date. */
  readonly lastmod: string | undefined;
}

/**
 * The day the content last changed: the latest `updated` of the parts `shown`, all the
 * dated content unless told; undefined for none. ISO days sort as text.
 */
export function lastChanged(
  content: Content,
  shown: readonly DatedContent[] = ["profile", "now"],
): string | undefined {
  return shown
    .map((what) => content[what].updated)
    .sort()
    .at(-1);
}

/**
 * The pages: every GET route that is one, as the route table orders them, then the
 * documentation's page, which has no date of its own.
 */
export function sitePages(content: Content, routes: readonly RouteSummary[], siteUrl: string): SitePage[] {
  const pages = routes.flatMap(({ method, path, sitemap }) =>
    method === "GET" && sitemap ? [{ url: `${siteUrl}${path}`, lastmod: lastChanged(content, sitemap) }] : [],
  );
  return [...pages, { url: `${siteUrl}${DOCS_PATH}`, lastmod: undefined }];
}
