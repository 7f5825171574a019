/**
 * @module Client classification: who is asking, and which representation they get. In
 * order: an explicit JSON `Accept` wins, then an explicit HTML one; then terminal
 * User-Agents; then link previews (the fetchers that draw a card when a link is shared);
 * then browsers (`Mozilla/`); everything else is a program. Beside that, whether `Accept`
 * prefers Markdown, which the routes that have Markdown answer with. The request
 * pipeline classifies each request once (`pipeline.ts`); nothing else reads these headers
 * for it, but the metrics port, which has no pipeline, for its own errors. What a route
 * reads of `Accept` beyond that (the heartbeat's health-check format) is read here too.
 */
import { CONTENT_TYPE } from "./headers.ts";
import { qualityList } from "./q-values.ts";

export type ClientKind = "terminal" | "preview" | "browser" | "program";

export interface Client {
  /** Who is asking, from the User-Agent: a link preview reads the page's head for a card. */
  readonly kind: ClientKind;
  /**
   * What they would rather have: text for a person at a terminal, HTML for a browser,
   * JSON for programs and for anyone whose `Accept` asks for JSON alone, HTML for anyone
   * whose `Accept` asks for HTML alone (Mastodon's link verification does). A route that
   * has no HTML (everything but `/`) answers a browser with JSON.
   */
  readonly wants: "text" | "html" | "json";
  /** Pretty JSON with a trailing newline, for people reading it in a terminal. */
  readonly prettyJson: boolean;
  /**
   * `Accept` prefers Markdown (`acceptsMarkdown`), as assistants' fetchers ask: a route that
   * has Markdown (the profile, /now, the résumé) answers with it, any other as `wants` says.
   * Never with a JSON-only `Accept`, which wins.
   */
  readonly markdown: boolean;
}

/**
 * Lower-cased User-Agent fragments of clients run by a person at a terminal. PowerShell
 * is here because its UA also carries `Mozilla/`, so it must be checked before browsers.
 */
export const TERMINAL_AGENTS: readonly string[] = [
  "curl/",
  "wget/",
  "httpie/",
  "xh/",
  "lwp-request",
  "powershell",
  "aria2/",
  "fetch libfetch",
  "openbsd ftp",
  "nushell",
];

/**
 * Lower-cased User-Agent fragments of link previews: what fetches a page's head to draw a
 * card when a person pastes its link in a chat or a post. They get the page, whatever
 * their `Accept`; a list of all bots (isbot) would send programs the page too
 * (decisions/2026-11-29-link-previews.md). Several carry `Mozilla/`, so they are checked
 * before browsers.
 */
export const LINK_PREVIEW_AGENTS: readonly string[] = [
  "facebookexternalhit", // Facebook, Messenger, Instagram, Threads; iMessage sends it too
  "facebot",
  "slackbot", // Slackbot-LinkExpanding 1.0
  "twitterbot", // X
  "telegrambot",
  "whatsapp/", // WhatsApp; Signal sends WhatsApp/2
  "discordbot",
  "(mastodon/", // http.rb/5.2.0 (Mastodon/4.3.2; +https://mastodon.social/) Bot
  "bluesky cardyb", // Bluesky's card service
  "linkedinbot",
  "iframely",
  "embedly",
  "skypeuripreview", // Skype, Teams
  "pinterestbot",
  "redditbot",
  "synapse (bot;", // Matrix homeservers
  "snap url preview",
  "vkshare",
  "google-pagerenderer", // Google Chat
];

/** Each table as one case-insensitive pattern. */
const patternOf = (agents: readonly string[]) =>
  new RegExp(agents.map((agent) => RegExp.escape(agent)).join("|"), "i");
const TERMINAL_PATTERN = patternOf(TERMINAL_AGENTS);
const LINK_PREVIEW_PATTERN = patternOf(LINK_PREVIEW_AGENTS);
const BROWSER_PATTERN = /mozilla\//i;

function kindOf(userAgent: string): ClientKind {
  if (TERMINAL_PATTERN.test(userAgent)) return "terminal";
  if (LINK_PREVIEW_PATTERN.test(userAgent)) return "preview";
  return BROWSER_PATTERN.test(userAgent) ? "browser" : "program";
}

/**
 * True when `Accept` names `type` (with a non-zero q) and no `*\/*`: a wish, where a
 * wildcard would make it a default.
 */
function acceptsOnly(accept: string, type: string): boolean {
  const acceptable = qualityList(accept).filter(({ q }) => q > 0);
  return acceptable.some(({ value }) => value === type) && !acceptable.some(({ value }) => value === "*/*");
}

/**
 * True when `Accept` names `application/json` with a weight above 0 and accepts no `*\/*`.
 * HTTPie's default, `application/json, *\/*;q=0.5`, is a default, not a wish.
 */
export function acceptsOnlyJson(accept: string): boolean {
  // Most Accept headers (a browser's) do not mention JSON: not read further (decisions/2026-11-27-speed-kept.md).
  return /json/i.test(accept) && acceptsOnly(accept, "application/json");
}

/**
 * True when `Accept` names `text/html` and no `*\/*`, as Mastodon's link verification
 * (`Accept: text/html`) and IndieWeb tools that read `rel="me"` ask for a page, whatever
 * their User-Agent. A browser's own Accept has `*\/*` and needs no wish to get HTML.
 */
export function acceptsOnlyHtml(accept: string): boolean {
  return /html/i.test(accept) && acceptsOnly(accept, "text/html");
}

/**
 * True when `Accept` names `text/markdown` with a weight above 0 and at least that of every
 * other type it names, wildcards included: Claude Code's `text/markdown, text/html, *\/*` and
 * Cursor's `text/markdown, text/plain;q=0.9, *\/*;q=0.8` prefer it; a browser's Accept
 * names it nowhere.
 */
export function acceptsMarkdown(accept: string): boolean {
  if (!/markdown/i.test(accept)) return false;
  const acceptable = qualityList(accept);
  const markdown = Math.max(
    0,
    ...acceptable.filter(({ value }) => value === "text/markdown").map(({ q }) => q),
  );
  return markdown > 0 && acceptable.every(({ value, q }) => value === "text/markdown" || q <= markdown);
}

/**
 * True when `Accept` names the health-check format, `application/health+json`, with a
 * weight above 0: in any case, as media types compare. A wildcard does not ask for it.
 */
export function acceptsHealth(accept: string): boolean {
  return (
    /health/i.test(accept) &&
    qualityList(accept).some(({ value, q }) => value === CONTENT_TYPE.health && q > 0)
  );
}

/** Whether a request asks for the health-check format (`acceptsHealth`). */
export function wantsHealth(request: Request): boolean {
  const accept = request.headers.get("accept");
  return accept !== null && acceptsHealth(accept);
}

/** What each kind of client wants when `Accept` asks for nothing in particular. */
const WANTED: Readonly<Record<ClientKind, Client["wants"]>> = {
  terminal: "text",
  preview: "html",
  browser: "html",
  program: "json",
};

/**
 * What this kind of client wants: text for a terminal, HTML for a link preview and a
 * browser, JSON for a program; unless `Accept` asks for JSON alone, or (but from a
 * browser, which gets HTML anyway) for HTML alone. JSON before HTML, for an `Accept` that
 * names both.
 */
function wantsOf(kind: ClientKind, accept: string | null): Client["wants"] {
  if (accept !== null && acceptsOnlyJson(accept)) return "json";
  if (accept !== null && kind !== "browser" && acceptsOnlyHtml(accept)) return "html";
  return WANTED[kind];
}

/** Classifies a request from its two headers. */
export function classifyClient(userAgent: string | null, accept: string | null): Client {
  const kind = kindOf(userAgent ?? "");
  const wants = wantsOf(kind, accept);
  const markdown = accept !== null && !acceptsOnlyJson(accept) && acceptsMarkdown(accept);
  return { kind, wants, prettyJson: kind === "terminal", markdown };
}

/** Who is asking and what they want, from the request's User-Agent and Accept. */
export function clientOf(request: Request): Client {
  return classifyClient(request.headers.get("user-agent"), request.headers.get("accept"));
}
