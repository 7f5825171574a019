/**
 * GET /llms.txt: the site for assistants (llmstxt.org): who the owner is, and links to
 * the Markdown pages that say what the API says. The page's head links to it, and the
 * sitemap lists it.
 */
import { documentBody, ok } from "../lib/docs/responses.ts";
import { CONTENT_TYPE } from "../lib/http/headers.ts";
import { preparedFile } from "../lib/http/prepared-response.ts";
import { llmsTxt } from "../lib/markdown/llms-txt.ts";
import { defineRoute } from "../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "The site for assistants (llms.txt)",
    description:
      "llmstxt.org's llms.txt, in Markdown: the owner's name as its H1, a quote that sums them " +
      "up, a line on what the site is, then a section of links to the Markdown pages (the " +
      "profile, /now, the résumé) and an `Optional` one (the same as JSON, and the MCP server). " +
      'The same text for every client; the page links to it as `rel="alternate"` `type="text/markdown"`.',
    tags: ["assistants"],
    responses: (site) => ({
      200: ok(
        "The file",
        documentBody(
          CONTENT_TYPE.markdown,
          "llms.txt: Markdown",
          llmsTxt(site.content.profile, site.routes, site.config.siteUrl),
        ),
        true,
      ),
    }),
  },
  pageLink: { rel: "alternate", type: "text/markdown" },
  sitemap: ["profile", "now"],
  setup(site) {
    const file = preparedFile(
      CONTENT_TYPE.markdown,
      llmsTxt(site.content.profile, site.routes, site.config.siteUrl),
    );
    return function llmsTxtFile({ request }) {
      return file(request);
    };
  },
});
