/** GET /api/stack: what the site is built with, and hints at its easter eggs. */
import { contentSchemas } from "../../lib/content/schemas.ts";
import { jsonBody, notModified, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/http/route.ts";

export const GET = defineRoute({
  detail: {
    summary: "The site's stack",
    description:
      "Framework, runtime, language, styling, typography and deployment, plus easter-egg " +
      "hints: each comes with a curl command that finds it.",
    tags: ["site"],
    responses: (app) => ({
      200: ok("The stack", jsonBody(contentSchemas().Stack, app.content.stack), true),
      304: notModified,
    }),
  },
  setup(app) {
    const stack = new PreparedJson(app.content.stack);
    return function siteStack({ client, request }) {
      return stack.respond(client, request);
    };
  },
});
