/**
 * @module The words of the route table, which the app, the docs and the renderers share:
 * HTTP methods, a handler and what it receives, and a route as the index and the
 * profile list it. What a route file itself is, and what it may use, is `lib/site/site.ts`.
 */
import type { Client } from "./client-kind.ts";
import type { ApiError } from "./errors.ts";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

/** What a handler receives: Elysia's context, of which the request, its path and its client. */
export interface RequestContext {
  readonly client: Client;
  readonly request: Request;
  /** The path asked for, without the query. */
  readonly path: string;
}

/**
 * Answers a request with a `Response` it built (`new Response`, or a prepared response's
 * copy), whose headers can still be set: the pipeline adds `X-Request-Id` to it.
 */
export type Handler = (context: RequestContext) => Response | Promise<Response>;

/**
 * How a route whose clients read errors in a protocol of their own (JSON-RPC) answers an
 * error in the request the pipeline finds before its handler runs: a body over the limit,
 * a `Content-Length` that is not a number. Every other route answers those in the envelope.
 */
export type RequestErrorAnswer = (error: ApiError) => Response;

/** One method and path the app answers, and its handler: what the app registers. */
export interface ServedRoute {
  readonly method: Method;
  readonly path: string;
  readonly handler: Handler;
  readonly answerRequestError?: RequestErrorAnswer;
}

/** Content files a route can answer with, every field as JSON. */
export type WholeContent = "profile" | "now";

/** The content whose `updated` dates a page of the sitemap. */
export type DatedContent = "profile" | "now";

/**
 * Where `/llms.txt` (llmstxt.org) lists a route: with what the site says about its owner,
 * in Markdown (`about`), or in the section an assistant may skip when short of room
 * (`optional`: the same facts in other formats, and the MCP server).
 */
export type LlmsTxtSection = "about" | "optional";

/** What a route file says of its route for the rest of the site; each one optional. */
export interface RouteTraits {
  /** The content file it answers with whole: where the profile sends a reader for what it leaves out. */
  readonly contentAsJson?: WholeContent;
  /** Suggested on the ping's status card, under "Try next". */
  readonly featured?: true;
  /** A terminal gets the profile itself here: the profile lists the route nowhere, its reader being there. */
  readonly profileForTerminals?: true;
  /**
   * A page for search engines: listed in the sitemap, and sent to IndexNow, its `lastmod`
   * the latest `updated` of these content files ([] for none).
   */
  readonly sitemap?: readonly DatedContent[];
  /** The page's `<link>` to the route, in its head: humans.txt is `rel="author"`. */
  readonly pageLink?: PageLink;
  /** robots.txt names the route on a line of this field: the sitemap's `Sitemap:`. */
  readonly robotsTxt?: "Sitemap";
  /**
   * Its answer stays open (the live view, an event stream): called with `curl -N`, and read
   * by whatever spans the API for its status and headers, never to its end.
   */
  readonly streams?: true;
  /**
   * A script the page at `/` runs for the route (the event stream's keeps the page's live
   * status current): served with any other at `/page.js`, which the page loads only when a
   * route has one. Deleting the route deletes its script with it.
   */
  readonly pageScript?: string;
  /** `/llms.txt` lists it, in this section, its summary as the link's text. */
  readonly llmsTxt?: LlmsTxtSection;
}

/** A route as the index, the profile's "Try" and the ping's card list it. */
export interface RouteSummary extends RouteTraits {
  readonly method: Method;
  /** Where it is served: `/api/ada.json`. */
  readonly path: string;
  /** The path with the query a person tries it with (the route's `examplePath`); most often the path. */
  readonly examplePath: string;
  /** The OpenAPI summary: one line. */
  readonly summary: string;
}

/**
 * `path` on the site at `siteUrl`, when one of `routes` is served there; undefined when
 * none is, so that no answer names a page the site does not serve.
 */
export function servedUrl(
  siteUrl: string,
  routes: readonly { readonly path: string }[],
  path: string,
): string | undefined {
  return routes.some((route) => route.path === path) ? `${siteUrl}${path}` : undefined;
}

/** A `<link>` in the page's head: how the page relates to the route, and what the route answers. */
export interface PageLink {
  readonly rel: string;
  readonly type: string;
}

/**
 * The owner's handle in a route file's path: `routes/api/{handle}.json.ts` serves
 * `/api/<handle>.json`, the handle being the one in `content/profile.json`.
 */
export const HANDLE = "{handle}";

/** The URL path a route file's path names, for the owner with this handle. */
export function servedPath(filePath: string, handle: string): string {
  return filePath.replaceAll(HANDLE, handle);
}
