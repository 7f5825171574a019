/**
 * Test support: the app in-process with a fixed clock, and the User-Agents and headers
 * that real clients send, so a test reads `send(app, "/api/ping", as.curl)`.
 */
import type { Content } from "../../lib/content/validate.ts";
import { type AppOptions, createApp } from "../../lib/http/app.ts";
import { loadConfig } from "../../lib/runtime/config.ts";
import { memoryLog } from "./log.ts";
import { ownerContent } from "./owners.ts";

export const SITE_URL = "https://rin.example";
export const config = loadConfig({ SITE_URL });

/** The sample owner, as the fixture `rin`: the owner of most tests and of the golden files. */
export const sample = ownerContent("rin", SITE_URL);

/**
 * The fixture `anuradha`, as unlike the sample as the schema allows: what the renderers
 * show of an owner must hold for her too (no empty section, no label with nothing after it).
 */
export const otherOwner = ownerContent("anuradha", SITE_URL);

/** The structured profile's path for an owner: `/api/<handle>.json`. */
export const profilePath = (content: Content): string => `/api/${content.profile.handle}.json`;

/** WebFinger's question for an owner of a site at `SITE_URL`: who is `acct:<handle>@<host>`. */
export const webfingerPath = (content: Content): string =>
  `/.well-known/webfinger?resource=acct:${content.profile.handle}@${new URL(SITE_URL).host}`;

/**
 * Every GET endpoint the product promises, for an owner, as a request answered 200 (with
 * the query it needs; the Bluesky DID's only for an owner who has one): the contract,
 * written out rather than derived from the route table.
 */
export const getPaths = (content: Content): readonly string[] => [
  "/",
  "/api/ping",
  "/api/curl",
  profilePath(content),
  "/api/now",
  "/api/fortune",
  "/api/roast",
  "/api/stack",
  "/api/resume.json",
  "/api/vcard",
  "/robots.txt",
  "/sitemap.xml",
  "/humans.txt",
  "/.well-known/security.txt",
  webfingerPath(content),
  ...(content.profile.blueskyDid ? ["/.well-known/atproto-did"] : []),
];

/** The GET endpoints whose answers are live or random: never stored (docs/http.md, Caching). */
export const UNCACHED_PATHS: readonly string[] = ["/api/ping", "/api/fortune", "/api/roast"];

/** An owner's GET endpoints whose answers are stable: a strong ETag, and a 304 for it. */
export const cachedPaths = (content: Content): readonly string[] =>
  getPaths(content).filter((path) => !UNCACHED_PATHS.includes(path));

/** A request's path without its query: the route it asks. */
export const routePath = (request: string): string => request.split("?")[0] as string;

/** A request with `query` (`?nocolor`, or nothing) added to what query it has. */
export const withQuery = (request: string, query: string): string =>
  query === "" || !request.includes("?") ? `${request}${query}` : `${request}&${query.slice(1)}`;

/** The sample owner's GET endpoints. */
export const GET_PATHS = getPaths(sample);

/** A Saturday afternoon in Lisbon; golden files are rendered at this instant. */
export const FIXED_NOW = new Date("2026-11-21T14:05:09Z");

/**
 * The app as `start` builds it, for the sample owner at the fixed instant, logging to
 * memory, unless told otherwise.
 */
export function testApp(options: Partial<AppOptions> = {}) {
  return createApp({
    config,
    log: memoryLog(),
    clock: () => FIXED_NOW.getTime(),
    content: sample,
    ...options,
  });
}

/** Request headers of real clients, as they send them by default. */
export const as = {
  curl: { "user-agent": "curl/8.5.0", accept: "*/*" },
  wget: { "user-agent": "Wget/1.21.4", accept: "*/*" },
  httpie: { "user-agent": "HTTPie/3.2.2", accept: "application/json, */*;q=0.5" },
  powershell: {
    "user-agent": "Mozilla/5.0 (Windows NT 10.0; Microsoft Windows 10.0.22631; en-US) PowerShell/7.4.1",
  },
  pythonRequests: { "user-agent": "python-requests/2.31.0", accept: "*/*" },
  browser: {
    "user-agent":
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  },
  curlAskingForJson: { "user-agent": "curl/8.5.0", accept: "application/json" },
  browserAskingForJson: {
    "user-agent":
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    accept: "application/json",
  },
  noUserAgent: {},
} as const satisfies Record<string, Record<string, string>>;

/** The terminal clients every terminal representation is checked with, named for test titles. */
export const TERMINAL_CLIENTS = [
  ["curl", as.curl],
  ["Wget", as.wget],
  ["HTTPie with its default Accept", as.httpie],
  ["PowerShell", as.powershell],
] as const;

type App = ReturnType<typeof testApp>;

/** Sends a request to the app in-process. */
export function send(
  app: App,
  path: string,
  headers: Record<string, string> = {},
  init: Omit<RequestInit, "headers"> = {},
): Promise<Response> {
  return app.handle(new Request(`http://localhost${path}`, { ...init, headers }));
}

/** Headers that differ from one request to the next, or that the transport adds. */
const PER_REQUEST = new Set(["x-request-id", "date", "content-length"]);

/** A response's headers, less those that differ per request: what two answers to the same request share. */
export function stableHeaders(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => !PER_REQUEST.has(name)));
}
