/**
 * Test support: the app in-process with a fixed clock, and the User-Agents and headers
 * that real clients send, so a test reads `send(app, "/api/ping", as.curl)`.
 */
import { type AppOptions, type BuiltApp, createApp } from "../../lib/app/app.ts";
import type { Content } from "../../lib/content/site-content.ts";
import { FEATURES } from "../../lib/features.ts";
import type { RouteSummary } from "../../lib/http/route.ts";
import { live } from "../../lib/live/feature.ts";
import type { LiveFeed } from "../../lib/live/feed.ts";
import { replies as repliesFeature } from "../../lib/replies/feature.ts";
import type { Replies } from "../../lib/replies/replies.ts";
import { type Env, loadConfig } from "../../lib/runtime/config.ts";
import type { Feature } from "../../lib/site/feature.ts";
import { examplePaths, routeTable } from "../../lib/site/site.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { memoryLog } from "./log.ts";
import { ownerContent, ownerFiles } from "./owners.ts";

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

/** The route table as the app builds it for an owner: every route, with what its file declares of it. */
export const routeTableOf = (content: Content = sample): RouteSummary[] =>
  routeTable(routes, content, SITE_URL);

/**
 * Every GET route of the route table whose answer ends, for an owner, as a person tries it
 * (with the query it needs; none the owner has nothing at): what tests that span the API
 * walk. With `streamed`, the routes whose answer stays open instead.
 */
export const getPaths = (content: Content, streamed = false): readonly string[] =>
  examplePaths(routes, content, SITE_URL, streamed);

/**
 * The GET routes of the route table whose answer to a terminal is text drawn for it (the
 * profile, the status card, ...: text that depends on who asks, unlike robots.txt), as a
 * person tries them, asked of `app`: what tests of every terminal answer walk.
 */
export async function terminalTextPaths(
  app: ReturnType<typeof testApp>,
  content = sample,
): Promise<string[]> {
  const paths: string[] = [];
  for (const path of getPaths(content)) {
    const { headers } = await send(app, path, as.curl);
    const drawn =
      headers.get("content-type")?.startsWith("text/plain") && headers.get("vary")?.includes("User-Agent");
    if (drawn) paths.push(path);
  }
  return paths;
}

/** A request's path without its query: the route it asks. */
export const routePath = (request: string): string => request.split("?")[0] as string;

/** A request with `query` (`?nocolor`, or nothing) added to what query it has. */
export const withQuery = (request: string, query: string): string =>
  query === "" || !request.includes("?") ? `${request}${query}` : `${request}&${query.slice(1)}`;

/** The sample owner's GET endpoints whose answer ends. */
export const GET_PATHS = getPaths(sample);

/** The sample owner's GET endpoints whose answer stays open: read for their head, never to the end. */
export const STREAM_PATHS = getPaths(sample, true);

/** A Saturday afternoon in Lisbon; golden files are rendered at this instant. */
export const FIXED_NOW = new Date("2026-11-21T14:05:09Z");

/** What a test may vary in the app: its environment, and anything `createApp` takes. */
export interface TestAppOptions extends Partial<Omit<AppOptions, "config">> {
  /** The owner's live activity as a test fixes it, in place of the one the live feature reads. */
  readonly live?: LiveFeed;
}

/**
 * The features `start` serves, with the live feed and the replies a test gives in place of
 * those read from the sources and the services.
 */
export function featuresWith(feed: LiveFeed | undefined, replies?: Replies): readonly Feature[] {
  return FEATURES.map((feature) =>
    feed && feature.name === live.name
      ? { ...live, setup: () => feed }
      : replies && feature.name === repliesFeature.name
        ? { ...repliesFeature, setup: () => replies }
        : feature,
  );
}

/**
 * The app as `start` builds it, its route files and features, for the sample owner at the
 * fixed instant, logging to memory, with `SITE_URL` set and nothing else unless told
 * otherwise; with what it was built with (`site`, `lifecycle`).
 */
export function testSite({ live: feed, env = { SITE_URL }, ...options }: TestAppOptions = {}): BuiltApp {
  return createApp({
    config: loadConfig(env),
    env,
    log: memoryLog(),
    clock: () => FIXED_NOW.getTime(),
    files: ownerFiles("rin"),
    routes,
    features: featuresWith(feed),
    ...options,
  });
}

/** The app a test sends requests to (`send`), built as `testSite` builds it. */
export function testApp(options: TestAppOptions = {}) {
  return testSite(options).app;
}

export type { Env };

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
  /** Claude Code's web fetch: it prefers Markdown, then HTML. */
  assistant: { "user-agent": "Claude-User/1.0", accept: "text/markdown, text/html, */*" },
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

/**
 * Waits until the answers sent so far have been logged and counted: the app does that
 * once an answer has left (`onAfterResponse`), not before `send` resolves.
 */
export const afterResponses = (): Promise<void> => Bun.sleep(1);

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
