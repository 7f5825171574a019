/** GET /humans.txt: the person behind the site, and what it is built with (humanstxt.org). */

import { STACK } from "../lib/content/site-content.ts";
import { documentBody, ok } from "../lib/docs/responses.ts";
import { CONTENT_TYPE } from "../lib/http/headers.ts";
import { preparedFile } from "../lib/http/prepared-response.ts";
import { renderHumansTxt } from "../lib/identity/humans-txt.ts";
import { defineRoute } from "../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "The person behind the site",
    description:
      "humanstxt.org's humans.txt: under `/* TEAM */` the owner, their role, place, contact " +
      "and links, their fediverse and Bluesky handles when they have them; under " +
      "`/* SITE */` the last update (the latest of the content's dates, YYYY/MM/DD) and the " +
      "stack from the content. The same text for every client; the page links to it as " +
      '`rel="author"`.',
    tags: ["identity"],
    responses: (site) => ({
      200: ok(
        "The file",
        documentBody(
          CONTENT_TYPE.text,
          "humans.txt",
          renderHumansTxt(site.content, site.read(STACK), site.config.siteUrl),
        ),
        true,
      ),
    }),
  },
  pageLink: { rel: "author", type: "text/plain" },
  setup(site) {
    const file = preparedFile(
      CONTENT_TYPE.text,
      renderHumansTxt(site.content, site.read(STACK), site.config.siteUrl),
    );
    return function humansTxt({ request }) {
      return file(request);
    };
  },
});
