/** GET /api/roast: a light-hearted roast of a common ML or data-science mistake. */
import { contentSchemas, type Roast } from "../../lib/content/schemas.ts";
import { CACHE_CONTROL } from "../../lib/headers.ts";
import { errors, jsonBody, ok } from "../../lib/openapi.ts";
import { preparedOnDemand } from "../../lib/prepared-response.ts";
import { anyOfButTheLast } from "../../lib/random-pick.ts";
import { defineRoute } from "../../lib/route.ts";

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
      ...errors(500),
    }),
  },
  setup(app) {
    const prepared = preparedOnDemand<Roast>(CACHE_CONTROL.noStore);
    const pick = anyOfButTheLast(app.content.roasts, app.random);
    return function roast({ client, request }) {
      return prepared(pick()).respond(client, request);
    };
  },
});
