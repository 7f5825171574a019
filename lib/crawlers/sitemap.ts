/**
 * @module The sitemap (sitemaps.org protocol 0.9): every page of `site-pages.ts`, with
 * its lastmod where its content has a date.
 */
import { xmlText } from "../utils/xml-text.ts";
import type { SitePage } from "./site-pages.ts";

export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

export function renderSitemap(pages: readonly SitePage[]): string {
  const urls = pages.map(({ url, lastmod }) =>
    [
      "  <url>",
      // The protocol asks for entity-escaped URLs: a `&` in a query would break the XML.
      `    <loc>${xmlText(url)}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      "  </url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="${SITEMAP_NAMESPACE}">`,
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
