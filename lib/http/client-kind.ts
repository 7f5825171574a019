/**
 * @module Client classification: who is asking, and which representation they get. In
 * order: an explicit JSON `Accept` wins, then an explicit HTML one; then terminal
 * User-Agents; then browsers (`Mozilla/`); everything else is a program. The request
 * pipeline classifies each request once (`pipeline.ts`); nothing else reads these headers
 * for it, but the metrics port, which has no pipeline, for its own errors. What a route
 * reads of `Accept` beyond that (the heartbeat's health-check format) is read here too.
 */
import { boundedMemo } from "../bounded-memo.ts";
import { CONTENT_TYPE } from "./headers.ts";
import { qualityList } from "./q-values.ts";

export type ClientKind = "terminal" | "browser" | "program";

export interface Client {
  /** Who is asking, from the User-Agent. */
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

const client = (kind: ClientKind, wants: Client["wants"]): Client =>
  Object.freeze({ kind, wants, prettyJson: kind === "terminal" });

/** Every possible answer, built once. */
const CLIENTS = {
  terminal: client("terminal", "text"),
  terminalAskingForJson: client("terminal", "json"),
  terminalAskingForHtml: client("terminal", "html"),
  browser: client("browser", "html"),
  browserAskingForJson: client("browser", "json"),
  program: client("program", "json"),
  programAskingForHtml: client("program", "html"),
} as const;

/** The table as one case-insensitive pattern: one pass over the UA instead of ten. */
const TERMINAL_PATTERN = new RegExp(
  TERMINAL_AGENTS.map((agent) => agent.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"),
  "i",
);
const BROWSER_PATTERN = /mozilla\//i;

function userAgentKind(userAgent: string): ClientKind {
  if (TERMINAL_PATTERN.test(userAgent)) return "terminal";
  return BROWSER_PATTERN.test(userAgent) ? "browser" : "program";
}

const RECENT_LIMIT = 512;
/** Real UAs are a few hundred bytes; longer ones are classified but not remembered. */
const RECENT_MAX_LENGTH = 512;

/**
 * Kinds of the User-Agents seen lately: a site's visitors send a handful of distinct UAs
 * over and over, and a lookup costs less than the two patterns
 * (docs/decisions/2026-11-23-recent-user-agents.md). Emptied when full, so strangers'
 * random UAs cannot grow it.
 */
const kindOf = boundedMemo(userAgentKind, { limit: RECENT_LIMIT, maxKeyLength: RECENT_MAX_LENGTH });

const MENTIONS_JSON = /json/i;
const MENTIONS_HTML = /html/i;

/**
 * True when `Accept` names `type` (with a non-zero q) and no `*\/*`: a wish, where a
 * wildcard would make it a default.
 */
function namesOnly(accept: string, type: string): boolean {
  const acceptable = qualityList(accept).filter(({ q }) => q > 0);
  return acceptable.some(({ value }) => value === type) && !acceptable.some(({ value }) => value === "*/*");
}

/**
 * True when `Accept` names `application/json` with a weight above 0 and accepts no `*\/*`.
 * HTTPie's default, `application/json, *\/*;q=0.5`, is a default, not a wish.
 */
export function acceptsOnlyJson(accept: string): boolean {
  // Most Accept headers do not mention JSON at all: answer those without parsing.
  return MENTIONS_JSON.test(accept) && namesOnly(accept, "application/json");
}

/**
 * True when `Accept` names `text/html` and no `*\/*`, as Mastodon's link verification
 * (`Accept: text/html`) and IndieWeb tools that read `rel="me"` ask for a page, whatever
 * their User-Agent. A browser's own Accept has `*\/*` and needs no wish to get HTML.
 */
export function acceptsOnlyHtml(accept: string): boolean {
  return MENTIONS_HTML.test(accept) && namesOnly(accept, "text/html");
}

const MENTIONS_HEALTH = /health\+json/i;

/**
 * True when `Accept` names the health-check format, `application/health+json`, with a
 * weight above 0: in any case, as media types compare. A wildcard does not ask for it.
 */
export function acceptsHealth(accept: string): boolean {
  return (
    MENTIONS_HEALTH.test(accept) &&
    qualityList(accept).some(({ value, q }) => value === CONTENT_TYPE.health && q > 0)
  );
}

/** Whether a request asks for the health-check format (`acceptsHealth`). */
export function wantsHealth(request: Request): boolean {
  const accept = request.headers.get("accept");
  return accept !== null && acceptsHealth(accept);
}

type Wish = "json" | "html" | "none";

/**
 * What `Accept` asks this kind of client's answer to change for, by name: JSON before HTML,
 * for an `Accept` that names both. A browser gets HTML with or without the wish, so its
 * `Accept` is not read for one.
 */
function wishOf(accept: string | null, kind: ClientKind): Wish {
  if (accept === null) return "none";
  if (acceptsOnlyJson(accept)) return "json";
  return kind !== "browser" && acceptsOnlyHtml(accept) ? "html" : "none";
}

/** Each kind's client, for each wish. */
const BY_WISH: Readonly<Record<ClientKind, Readonly<Record<Wish, Client>>>> = {
  terminal: {
    json: CLIENTS.terminalAskingForJson,
    html: CLIENTS.terminalAskingForHtml,
    none: CLIENTS.terminal,
  },
  browser: { json: CLIENTS.browserAskingForJson, html: CLIENTS.browser, none: CLIENTS.browser },
  program: { json: CLIENTS.program, html: CLIENTS.programAskingForHtml, none: CLIENTS.program },
};

/** Classifies a request from its two headers. */
export function classifyClient(userAgent: string | null, accept: string | null): Client {
  const kind = kindOf(userAgent ?? "");
  return BY_WISH[kind][wishOf(accept, kind)];
}

/** Who is asking and what they want, from the request's User-Agent and Accept. */
export function clientOf(request: Request): Client {
  return classifyClient(request.headers.get("user-agent"), request.headers.get("accept"));
}
