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
    responses: () => ({
      200: ok(
        "The stack",
        jsonBody(contentSchemas().Stack, {
          framework: "Elysia on Bun",
          runtime: "Bun; the same app runs on Deno",
          language: "TypeScript, strict",
          styling: "ANSI colour for terminals",
          typography: "Your terminal's monospace font",
          deployment: "One executable on Fly.io",
          easterEggs: [
            { hint: "Terminals get more than JSON at the root.", try: "curl https://rin.example/" },
          ],
        }),
        true,
      ),
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
