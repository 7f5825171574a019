/** GET /api/fortune: a random quote on data science, engineering or life. */
import { Quote } from "../../lib/content/schemas.ts";
import { CACHE_CONTROL } from "../../lib/headers.ts";
import { errors, jsonBody, ok } from "../../lib/openapi.ts";
import { PreparedJson } from "../../lib/prepared-response.ts";
import { anyOf } from "../../lib/random-pick.ts";
import { defineRoute } from "../../lib/route.ts";

export const GET = defineRoute({
  detail: {
    summary: "A random quote",
    description:
      "A quote on data science, engineering or life: `text`, `author` and, where known, " +
      "the `source` with its year. A new pick on every request; never cached.",
    tags: ["fun"],
    responses: {
      200: ok(
        "A quote",
        jsonBody(Quote, {
          text: "The purpose of computing is insight, not numbers.",
          author: "Richard Hamming",
          source: "Numerical Methods for Scientists and Engineers, 1962",
        }),
      ),
      ...errors(500),
    },
  },
  setup(app) {
    // Every quote is serialised once; a request only picks one.
    const quotes = app.content.quotes.map((quote) => new PreparedJson(quote, CACHE_CONTROL.noStore, false));
    const pick = anyOf(quotes, app.random);
    return function fortune({ client, request }) {
      return pick().respond(client, request);
    };
  },
});
