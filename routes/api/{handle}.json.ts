/**
 * GET /api/<handle>.json: the structured profile, for integrations and recruiters. Its path
 * follows the owner's handle in content/profile.json.
 */
import { ProfileSchema } from "../../lib/content/schemas.ts";
import { jsonBody, markdownBody, notModified, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { preparedMarkdown } from "../../lib/markdown/prepared-markdown.ts";
import { profileMarkdown } from "../../lib/markdown/profile.ts";
import { defineRoute } from "../../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "Structured profile",
    description:
      "Name, role, location and time zone, bio, links, skills with levels, experience " +
      "(newest first, `end: null` while current), education and spoken languages. The path " +
      "is the owner's handle: `/api/<handle>.json`. An `Accept` that prefers `text/markdown` gets the " +
      "same as Markdown, as `/api/<handle>.md` does.",
    tags: ["profile"],
    responses: (site) => ({
      200: ok(
        "The profile, as JSON or Markdown",
        {
          ...jsonBody(ProfileSchema, site.content.profile),
          ...markdownBody(profileMarkdown(site.content.profile)),
        },
        true,
      ),
      304: notModified,
    }),
  },
  contentAsJson: "profile",
  sitemap: ["profile"],
  llmsTxt: "optional",
  setup(site) {
    const profile = new PreparedJson(site.content.profile);
    const markdown = preparedMarkdown(profileMarkdown(site.content.profile), "negotiated");
    return function structuredProfile({ client, request }) {
      return client.markdown ? markdown.respond(request) : profile.respond(client, request);
    };
  },
});
