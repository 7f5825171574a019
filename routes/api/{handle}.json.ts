/**
 * GET /api/<handle>.json: the structured profile, for integrations and recruiters. Its path
 * follows the owner's handle in content/profile.json.
 */
import { ProfileSchema } from "../../lib/content/schemas.ts";
import { jsonBody, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "Structured profile",
    description:
      "Name, role, location and time zone, bio, links, skills with levels, experience " +
      "(newest first, `end: null` while current), education and spoken languages. The path " +
      "is the owner's handle: `/api/<handle>.json`.",
    tags: ["profile"],
    responses: (site) => ({
      200: ok("The profile", jsonBody(ProfileSchema, site.content.profile), true),
    }),
  },
  contentAsJson: "profile",
  sitemap: ["profile"],
  setup(site) {
    const profile = new PreparedJson(site.content.profile);
    return function structuredProfile({ client, request }) {
      return profile.respond(client, request);
    };
  },
});
