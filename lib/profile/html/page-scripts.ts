/**
 * @module The page's scripts: those the route table's routes declare (`pageScript`), served
 * together at one path beside the page, outside the API's table; nothing when no route has
 * one. A feature, so that the app names no path of the page's.
 */
import { CACHE_CONTROL, CONTENT_TYPE } from "../../http/headers.ts";
import { PreparedResponse } from "../../http/prepared-response.ts";
import type { RouteSummary, ServedRoute } from "../../http/route.ts";
import { defineFeature } from "../../site/feature.ts";

/** Where the page loads its scripts from; the page's Content-Security-Policy allows this origin's scripts. */
export const PAGE_SCRIPT_PATH = "/page.js";

/** The routes' scripts, one after another; undefined when none has one. */
export function pageScriptOf(routes: readonly RouteSummary[]): string | undefined {
  const scripts = routes.flatMap(({ pageScript }) => (pageScript ? [pageScript] : []));
  return scripts.length > 0 ? scripts.join("\n") : undefined;
}

/** The route serving the page's scripts, if any route has one. */
export function pageScriptRoutes(routes: readonly RouteSummary[]): ServedRoute[] {
  const text = pageScriptOf(routes);
  if (text === undefined) return [];
  const script = new PreparedResponse(text, {
    contentType: CONTENT_TYPE.javascript,
    cacheControl: CACHE_CONTROL.content,
    etag: true,
    vary: false,
  });
  return [{ method: "GET", path: PAGE_SCRIPT_PATH, handler: ({ request }) => script.respond(request) }];
}

export const pageScripts = defineFeature({
  name: "page-scripts",
  docs: "docs/live-view.md",
  setup: () => undefined,
  serves: (_, site) => pageScriptRoutes(site.routes),
});
