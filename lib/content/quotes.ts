/**
 * @module `content/quotes.json`, the owner's collection of quotes: read by the fortune
 * (`/api/fortune`) and by the SSH door's fortune key, so it is declared here, for both.
 */
import { Type as t } from "@sinclair/typebox";
import { contentFile } from "./content-file.ts";
import { Text } from "./schemas.ts";

export const Quote = t.Object(
  {
    text: Text("The quotation, verbatim", 400),
    author: Text("Who said or wrote it", 80),
    source: t.Optional(Text("Where it was said or written, with the year", 160)),
  },
  { additionalProperties: false },
);

export const QUOTES = contentFile({
  name: "quotes.json",
  schema: t.Array(Quote, { minItems: 1 }),
  entries: { one: "quote", many: "quotes" },
});
