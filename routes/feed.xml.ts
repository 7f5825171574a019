/** GET /feed.xml: the updates of /now as an Atom feed (RFC 4287), for feed readers. */
import { NOW_HISTORY } from "../lib/content/site-content.ts";
import { documentBody, ok } from "../lib/docs/responses.ts";
import { renderAtom } from "../lib/formats/atom.ts";
import { nowFeed } from "../lib/formats/now-feed.ts";
import { CONTENT_TYPE } from "../lib/http/headers.ts";
import { preparedFile } from "../lib/http/prepared-response.ts";
import { defineRoute, type Site } from "../lib/site/site.ts";

const atom = (site: Site, path: string) =>
  renderAtom(
    nowFeed(site.content, site.read(NOW_HISTORY), site.config.siteUrl),
    `${site.config.siteUrl}${path}`,
  );

export const GET = defineRoute({
  detail: {
    summary: "The updates of /now, as an Atom feed",
    description:
      "An Atom feed (RFC 4287) with an entry per update of the /now status, newest first (the " +
      "newest 50): its id, kept for good, when it was made, a link to the page's Now section, " +
      "and what changed (`Building: a drift monitor`). `bun run now` adds them. The same XML " +
      "for every client; the page links to it for feed readers.",
    tags: ["feeds"],
    responses: (site, path) => ({
      200: ok("The feed", documentBody(CONTENT_TYPE.atom, "An Atom feed (RFC 4287)", atom(site, path)), true),
    }),
  },
  sitemap: ["now"],
  pageLink: { rel: "alternate", type: "application/atom+xml" },
  setup(site, path) {
    const feed = preparedFile(CONTENT_TYPE.atom, atom(site, path));
    return function atomFeed({ request }) {
      return feed(request);
    };
  },
});
