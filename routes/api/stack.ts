/** GET /api/stack: what the site is built with, and hints at its easter eggs. */
import { type Stack, StackSchema } from "../../lib/content/schemas.ts";
import { STACK } from "../../lib/content/site-content.ts";
import { jsonBody, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { defineRoute, type Site } from "../../lib/site/site.ts";

/** The path an easter egg's command asks for: `curl -sI https://site/api/ping` → `/api/ping`. */
const pathAsked = (command: string) => {
  const url = /https?:\/\/[^\s'"]+/.exec(command)?.[0];
  return url === undefined ? undefined : new URL(url).pathname;
};

/** The stack, with only the easter eggs whose path this site answers: a removed route takes its egg with it. */
function stackOf(site: Site): Stack {
  const stack = site.read(STACK);
  const served = new Set(site.routes.filter(({ method }) => method === "GET").map(({ path }) => path));
  return { ...stack, easterEggs: stack.easterEggs.filter((egg) => served.has(pathAsked(egg.try) ?? "")) };
}

export const GET = defineRoute({
  detail: {
    summary: "The site's stack",
    description:
      "Framework, runtime, language, styling, typography and deployment, plus easter-egg " +
      "hints: each comes with a curl command that finds it (a hint at a path this site does " +
      "not answer is left out).",
    tags: ["site"],
    responses: (site) => ({
      200: ok("The stack", jsonBody(StackSchema, stackOf(site)), true),
    }),
  },
  // A page with no date of its own: the stack is not dated.
  sitemap: [],
  setup(site) {
    const shown = stackOf(site);
    // A hint left out is said once, at start-up: the owner removed a route, or mistyped its path.
    for (const egg of site.read(STACK).easterEggs) {
      if (shown.easterEggs.includes(egg)) continue;
      site.log.event(
        "stack hint left out",
        { file: STACK.name, try: egg.try },
        `${STACK.name}: the hint "${egg.try}" asks for a path this site does not answer; it is left out of /api/stack`,
      );
    }
    const stack = new PreparedJson(shown);
    return function siteStack({ client, request }) {
      return stack.respond(client, request);
    };
  },
});
