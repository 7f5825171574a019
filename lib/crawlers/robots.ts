/**
 * @module robots.txt (RFC 9309): every crawler may read every page, and the sitemap, when
 * the site has one, says which pages there are. The trigger is a POST, which crawlers
 * never send.
 */
import type { RouteSummary } from "../http/route.ts";

/** The file for this site: a `Sitemap:` line for each route the route table says to name so. */
export function renderRobots(siteUrl: string, routes: readonly RouteSummary[]): string {
  const sitemaps = routes.filter(({ robotsTxt }) => robotsTxt === "Sitemap");
  return [
    `# ${siteUrl}: every page may be crawled${sitemaps.length > 0 ? "; the sitemap lists them" : ""}.`,
    "User-agent: *",
    "Allow: /",
    ...sitemaps.flatMap(({ path }) => ["", `Sitemap: ${siteUrl}${path}`]),
    "",
  ].join("\n");
}
