/** GET /robots.txt: crawlers may read everything; the sitemap says what there is. */
import { renderRobots } from "../lib/crawlers/robots.ts";
import { documentBody, ok } from "../lib/docs/responses.ts";
import { CONTENT_TYPE } from "../lib/http/headers.ts";
import { preparedFile } from "../lib/http/prepared-response.ts";
import { defineRoute } from "../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "Rules for crawlers",
    description:
      "The Robots Exclusion Protocol (RFC 9309) file: every crawler may fetch every page, " +
      "and `Sitemap:` points at the sitemap, where the site has one. The same text for every client.",
    tags: ["crawlers"],
    responses: (site) => ({
      200: ok(
        "The rules",
        documentBody(
          CONTENT_TYPE.text,
          "robots.txt rules (RFC 9309)",
          renderRobots(site.config.siteUrl, site.routes),
        ),
        true,
      ),
    }),
  },
  setup(site) {
    const robots = preparedFile(CONTENT_TYPE.text, renderRobots(site.config.siteUrl, site.routes));
    return function robotsTxt({ request }) {
      return robots(request);
    };
  },
});
