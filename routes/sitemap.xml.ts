/** GET /sitemap.xml: the site's pages, each with the day its content last changed. */
import { sitePages } from "../lib/crawlers/site-pages.ts";
import { renderSitemap } from "../lib/crawlers/sitemap.ts";
import { documentBody, ok } from "../lib/docs/responses.ts";
import { CONTENT_TYPE } from "../lib/http/headers.ts";
import { preparedFile } from "../lib/http/prepared-response.ts";
import { defineRoute } from "../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "The site's pages, for search engines",
    description:
      "A sitemap (sitemaps.org protocol 0.9): the site's root, the routes that are pages for " +
      "search engines, and the API's documentation: exactly the URLs `POST /api/ping-indexnow` submits. `lastmod` " +
      "is the date of the content a page shows (the profile's `updated`, the /now status's " +
      "`updated`), never the day it was asked for; a page whose content has no date has none.",
    tags: ["crawlers"],
    responses: (site) => ({
      200: ok(
        "The sitemap",
        documentBody(
          CONTENT_TYPE.xml,
          "A sitemaps.org <urlset>",
          renderSitemap(sitePages(site.content, site.routes, site.config.siteUrl)),
        ),
        true,
      ),
    }),
  },
  robotsTxt: "Sitemap",
  setup(site) {
    const sitemap = preparedFile(
      CONTENT_TYPE.xml,
      renderSitemap(sitePages(site.content, site.routes, site.config.siteUrl)),
    );
    return function siteMap({ request }) {
      return sitemap(request);
    };
  },
});
