/** GET /api/stack: what the site is built with, and hints at its easter eggs. */
import { StackSchema } from "../../lib/content/schemas.ts";
import { STACK } from "../../lib/content/site-content.ts";
import { jsonBody, notModified, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "The site's stack",
    description:
      "Framework, runtime, language, styling, typography and deployment, plus easter-egg " +
      "hints: each comes with a curl command that finds it.",
    tags: ["site"],
    responses: (site) => ({
      200: ok("The stack", jsonBody(StackSchema, site.read(STACK)), true),
      304: notModified,
    }),
  },
  // A page with no date of its own: the stack is not dated.
  sitemap: [],
  setup(site) {
    const stack = new PreparedJson(site.read(STACK));
    return function siteStack({ client, request }) {
      return stack.respond(client, request);
    };
  },
});
