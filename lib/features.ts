/**
 * @module What this site serves beyond the core, in one list: the features, each one
 * folder that registers its settings, service, metrics, health checks, routes and part of
 * the start-up (`lib/site/feature.ts`), in the order they are set up: a feature may use
 * the services of those above it. Both entry points start exactly these, with the route
 * files of `routes/`; so do the tests, the build and the bench. Adding a feature is its
 * folder and a line here; removing one, the line and its folder.
 */
import { routes } from "../routes/_manifest.gen.ts";
import type { SiteParts } from "./app/app.ts";
import { apiDocs } from "./docs/feature.ts";
import { doors } from "./doors/feature.ts";
import { indexNow } from "./indexnow/feature.ts";
import { live } from "./live/feature.ts";
import { mcp } from "./mcp/feature.ts";
import { preview } from "./preview/feature.ts";
import { pageScripts } from "./profile/html/page-scripts.ts";
import { replies } from "./replies/feature.ts";
import type { Feature } from "./site/feature.ts";
import { streams } from "./streams/feature.ts";

export const FEATURES: readonly Feature[] = [
  live,
  replies,
  streams,
  indexNow,
  doors,
  mcp,
  apiDocs,
  pageScripts,
  preview,
];

/** The route files and the features: what `start` serves. */
export const SITE: SiteParts = { routes, features: FEATURES };
