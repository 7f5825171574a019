/**
 * GET /api/<handle>.md: the profile in Markdown, for assistants and llms.txt: what
 * `/api/<handle>.json` says, every field.
 */
import { markdownBody, ok } from "../../lib/docs/responses.ts";
import { preparedMarkdown } from "../../lib/markdown/prepared-markdown.ts";
import { profileMarkdown } from "../../lib/markdown/profile.ts";
import { defineRoute } from "../../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "The profile in Markdown",
    description:
      "The structured profile, as Markdown (`text/markdown`, CommonMark), whoever asks: " +
      "name, role, place and time zone, the bio, links, experience, skills with levels, " +
      "education and spoken languages. The site's llms.txt links here.",
    tags: ["assistants"],
    responses: (site) => ({
      200: ok("The profile in Markdown", markdownBody(profileMarkdown(site.content.profile)), true),
    }),
  },
  llmsTxt: "about",
  setup(site) {
    const profile = preparedMarkdown(profileMarkdown(site.content.profile), "own path");
    return function profileInMarkdown({ request }) {
      return profile.respond(request);
    };
  },
});
