/** GET /feed.json: the updates of /now as a JSON Feed (version 1.1), for feed readers. */
import { NOW_HISTORY } from "../lib/content/site-content.ts";
import { jsonBody, ok } from "../lib/docs/responses.ts";
import { jsonFeed, jsonFeedSchema } from "../lib/formats/json-feed.ts";
import { nowFeed } from "../lib/formats/now-feed.ts";
import { CONTENT_TYPE } from "../lib/http/headers.ts";
import { PreparedJson } from "../lib/http/prepared-response.ts";
import { defineRoute, type Site } from "../lib/site/site.ts";

const feedOf = (site: Site, path: string) =>
  jsonFeed(
    nowFeed(site.content, site.read(NOW_HISTORY), site.config.siteUrl),
    `${site.config.siteUrl}${path}`,
  );

export const GET = defineRoute({
  detail: {
    summary: "The updates of /now, as a JSON Feed",
    description:
      "A JSON Feed (version 1.1) with an item per update of the /now status, newest first (the " +
      "newest 50): its id, kept for good, `date_published`, a link to the page's Now section, " +
      "and what changed as `content_text`. `bun run now` adds them. Served as " +
      "`application/feed+json`, pretty for terminals; the page links to it for feed readers.",
    tags: ["feeds"],
    responses: (site, path) => ({
      200: ok("The feed", jsonBody(jsonFeedSchema(), feedOf(site, path), CONTENT_TYPE.feedJson), true),
    }),
  },
  sitemap: ["now"],
  pageLink: { rel: "alternate", type: "application/feed+json" },
  setup(site, path) {
    const feed = new PreparedJson(feedOf(site, path), { contentType: CONTENT_TYPE.feedJson });
    return function jsonFeedAnswer({ client, request }) {
      return feed.respond(client, request);
    };
  },
});
