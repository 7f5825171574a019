/** GET /api/fortune: a random quote on data science, engineering or life. */

import { anyOf } from "../../lib/content/random-pick.ts";
import { contentSchemas, type Quote } from "../../lib/content/schemas.ts";
import { jsonBody, ok } from "../../lib/docs/responses.ts";
import { CACHE_CONTROL } from "../../lib/http/headers.ts";
import { preparedPerValue } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/http/route.ts";

export const GET = defineRoute({
  detail: {
    summary: "A random quote",
    description:
      "A quote on data science, engineering or life: `text`, `author` and, where known, " +
      "the `source` with its year. A new pick on every request; never cached.",
    tags: ["fun"],
    responses: (app) => ({
      200: ok("A quote", jsonBody(contentSchemas().Quote, app.content.quotes[0])),
    }),
  },
  setup(app) {
    // Each quote is serialised once, the first time it is picked.
    const prepared = preparedPerValue<Quote>(CACHE_CONTROL.noStore);
    const pick = anyOf(app.content.quotes, app.random);
    return function fortune({ client, request }) {
      return prepared(pick()).respond(client, request);
    };
  },
});
