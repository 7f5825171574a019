/**
 * @module The API's documentation as a feature: the OpenAPI document of every route file,
 * its interactive page and the page's script (`api-docs.ts`), served beside the API and
 * not in its table (docs/http.md).
 */
import { defineFeature } from "../site/feature.ts";
import { siteApiName } from "../site/site.ts";
import { docsRoutes } from "./api-docs.ts";

export const apiDocs = defineFeature({
  name: "docs",
  docs: "docs/http.md",
  setup: () => undefined,
  serves: (_, site) =>
    docsRoutes({
      routes: site.documented,
      info: {
        title: siteApiName(site.content.profile),
        version: site.version,
        description:
          "The public API of a personal website. JSON for programs and browsers; " +
          "text in ANSI colour for people at a terminal (curl, wget, HTTPie, ...).",
      },
      site,
    }),
});
