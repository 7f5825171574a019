/**
 * @module robots.txt (RFC 9309): every crawler may read every page, and the sitemap says
 * which pages there are. The trigger is a POST, which crawlers never send.
 */

export const SITEMAP_PATH = "/sitemap.xml";

export function renderRobots(siteUrl: string): string {
  return [
    `# ${siteUrl}: every page may be crawled; the sitemap lists them.`,
    "User-agent: *",
    "Allow: /",
    "",
    `Sitemap: ${siteUrl}${SITEMAP_PATH}`,
    "",
  ].join("\n");
}
