/**
 * GET /api/now.md: /now in Markdown, for assistants and llms.txt: what `/api/now` says,
 * the latest activity at each live source included, as last read.
 */
import { markdownBody, ok } from "../../lib/docs/responses.ts";
import { live } from "../../lib/live/feature.ts";
import { nowMarkdown } from "../../lib/markdown/now.ts";
import { preparedMarkdown } from "../../lib/markdown/prepared-markdown.ts";
import { nowAsLastRead, nowStatus } from "../../lib/profile/model/now-status.ts";
import { replies } from "../../lib/replies/feature.ts";
import { defineRoute } from "../../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "What the owner is doing now, in Markdown",
    description:
      "The /now status, as Markdown (`text/markdown`, CommonMark), whoever asks: the status " +
      "line, what is being built, learned, read and not done, and the latest activity at each " +
      "live source, with when it happened and was read. The site's llms.txt links here.",
    tags: ["assistants"],
    responses: (site) => ({
      200: ok(
        "/now in Markdown",
        markdownBody(nowMarkdown(site.content.profile.name, nowStatus(site.content, []))),
        true,
      ),
    }),
  },
  llmsTxt: "about",
  setup(site) {
    const answer = nowAsLastRead(site.content, site.service(live), site.service(replies), (now) =>
      preparedMarkdown(nowMarkdown(site.content.profile.name, now), "own path"),
    );
    return function nowInMarkdown({ request }) {
      return answer().respond(request);
    };
  },
});
