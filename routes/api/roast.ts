/** GET /api/roast: a light-hearted roast of a common ML or data-science mistake. */

import { anyOfButTheLast } from "../../lib/content/random-pick.ts";
import { contentSchemas, type Roast } from "../../lib/content/schemas.ts";
import { jsonBody, ok } from "../../lib/docs/responses.ts";
import { CACHE_CONTROL } from "../../lib/http/headers.ts";
import { preparedPerValue } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/http/route.ts";

export const GET = defineRoute({
  detail: {
    summary: "A roast of an ML mistake",
    description:
      "A common ML / data-science mistake, a roast of it, and a short fix. Never the same " +
      "roast twice in a row; never cached.",
    tags: ["fun"],
    responses: (app) => ({
      200: ok("A roast", jsonBody(contentSchemas().Roast, app.content.roasts[0])),
    }),
  },
  setup(app) {
    const prepared = preparedPerValue<Roast>(CACHE_CONTROL.noStore);
    const pick = anyOfButTheLast(app.content.roasts, app.random);
    return function roast({ client, request }) {
      return prepared(pick()).respond(client, request);
    };
  },
});
