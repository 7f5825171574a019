/** GET /api/fortune: a random quote, from `content/quotes.json`. */
import { QUOTES, Quote } from "../../lib/content/quotes.ts";
import { randomPicker } from "../../lib/content/random-pick.ts";
import { jsonBody, ok } from "../../lib/docs/responses.ts";
import { CACHE_CONTROL } from "../../lib/http/headers.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "A random quote",
    description:
      "A quote from the owner's collection: `text`, `author` and, where known, the `source` " +
      "with its year. Never the same quote twice in a row; never cached.",
    tags: ["fun"],
    responses: (site) => ({
      200: ok("A quote", jsonBody(Quote, site.read(QUOTES)[0])),
    }),
  },
  setup(site) {
    const answers = site
      .read(QUOTES)
      .map((quote) => new PreparedJson(quote, { cacheControl: CACHE_CONTROL.noStore, etag: false }));
    const pick = randomPicker(answers, site.random);
    return function fortune({ client, request }) {
      return pick().respond(client, request);
    };
  },
});
