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
    responses: () => ({
      200: ok(
        "A roast",
        jsonBody(contentSchemas().Roast, {
          id: "scaled-before-split",
          mistake: "Fitting the scaler on the whole dataset before splitting",
          roast: "Your test set sent its mean and variance ahead. Of course the model aced it.",
          fix: "Split first; fit scalers and imputers on the training fold only, inside a pipeline.",
        }),
      ),
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
