/**
 * GET /api/<handle>.json: the structured profile, for integrations and recruiters. Its path
 * follows the owner's handle in content/profile.json.
 */
import { ProfileSchema } from "../../lib/content/schemas.ts";
import { jsonBody, markdownBody, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { preparedMarkdown } from "../../lib/markdown/prepared-markdown.ts";
import { profileMarkdown } from "../../lib/markdown/profile.ts";
import { defineRoute } from "../../lib/site/site.ts";

/** Every field of the profile, from its schema: a field added there is listed here. */
const FIELDS = Object.keys(ProfileSchema.properties)
  .map((field) => `\`${field}\``)
  .join(", ");

export const GET = defineRoute({
  detail: {
    summary: "Structured profile",
    description:
      `The owner's profile, every field of content/profile.json: ${FIELDS}; each described in the ` +
      "schema below (`experience` newest first, `end: null` while current). The path is the " +
      "owner's handle: `/api/<handle>.json`. An `Accept` that prefers `text/markdown` gets the same " +
      "as Markdown.",
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
