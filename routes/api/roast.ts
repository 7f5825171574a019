/** GET /api/roast: a light-hearted roast of a common mistake, from `content/roasts.json`. */
import { Type as t } from "@sinclair/typebox";
import { ContentError } from "../../lib/content/content-error.ts";
import { contentFile } from "../../lib/content/content-file.ts";
import { randomPicker } from "../../lib/content/random-pick.ts";
import { expecting, Text } from "../../lib/content/schemas.ts";
import { jsonBody, ok } from "../../lib/docs/responses.ts";
import { CACHE_CONTROL } from "../../lib/http/headers.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/site/site.ts";

const Roast = t.Object(
  {
    id: t.String({
      pattern: "^[a-z0-9]+(-[a-z0-9]+)*$",
      description: "Stable kebab-case id",
      ...expecting("lower-case letters and digits joined by single hyphens, like off-by-one"),
    }),
    mistake: Text("The mistake, named plainly", 120),
    roast: Text("The light-hearted roast", 300),
    fix: Text("What to do instead, briefly", 240),
  },
  { additionalProperties: false },
);

/** Each roast's id is its own. */
function distinctIds(roasts: readonly { id: string }[]): void {
  const firstWith = new Map<string, number>();
  roasts.forEach(({ id }, index) => {
    const first = firstWith.get(id);
    if (first !== undefined) {
      throw new ContentError(
        ROASTS.name,
        `/${index}/id`,
        `is "${id}", the id of /${first} too; each roast needs its own`,
      );
    }
    firstWith.set(id, index);
  });
}

const ROASTS = contentFile({
  name: "roasts.json",
  schema: t.Array(Roast, { minItems: 1 }),
  entries: { one: "roast", many: "roasts" },
  check: distinctIds,
});

export const GET = defineRoute({
  detail: {
    summary: "A roast of a common mistake",
    description:
      "A common mistake, a light-hearted roast of it, and a short fix, from the owner's " +
      "collection. Never the same roast twice in a row; never cached.",
    tags: ["fun"],
    responses: (site) => ({
      200: ok("A roast", jsonBody(Roast, site.read(ROASTS)[0])),
    }),
  },
  featured: true,
  setup(site) {
    const answers = site
      .read(ROASTS)
      .map((roast) => new PreparedJson(roast, { cacheControl: CACHE_CONTROL.noStore, etag: false }));
    const pick = randomPicker(answers, site.random);
    return function roast({ client, request }) {
      return pick().respond(client, request);
    };
  },
});
