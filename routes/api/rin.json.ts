/** GET /api/rin.json: the structured profile, for integrations and recruiters. */
import { contentSchemas } from "../../lib/content/schemas.ts";
import { jsonBody, notModified, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/http/route.ts";

const example = {
  handle: "rin",
  name: "Rin Hayashi",
  role: "Staff ML Engineer",
  location: { city: "Lisbon", country: "Portugal", timezone: "Europe/Lisbon" },
  skills: [{ name: "Python", level: 93, group: "Engineering" }],
  experience: [
    {
      start: "2023-02",
      end: null,
      role: "Staff ML Engineer",
      organisation: "Tessellate Freight",
      summary: "…",
      highlights: ["…"],
    },
  ],
  "…": "links, education, languages, bio",
};

export const GET = defineRoute({
  detail: {
    summary: "Structured profile",
    description:
      "Name, role, location and time zone, bio, links, skills with levels, experience " +
      "(newest first, `end: null` while current), education and spoken languages.",
    tags: ["profile"],
    responses: () => ({
      200: ok("The profile", jsonBody(contentSchemas().Profile, example), true),
      304: notModified,
    }),
  },
  servesWhole: "profile",
  setup(app) {
    const profile = new PreparedJson(app.content.profile);
    return function structuredProfile({ client, request }) {
      return profile.respond(client, request);
    };
  },
});
