/**
 * @module Client classification: who is asking, and which representation they get. In
 * order: an explicit JSON `Accept` wins; then terminal User-Agents; then browsers
 * (`Mozilla/`); everything else is a program. The request pipeline classifies each
 * request once (`pipeline.ts`); nothing else reads these headers for it, but the metrics
 * port, which has no pipeline, for its own errors.
 */
import { qualityList } from "./q-values.ts";

export type ClientKind = "terminal" | "browser" | "program";

export interface Client {
  /** Who is asking, from the User-Agent. */
  readonly kind: ClientKind;
  /**
   * What they would rather have: text for a person at a terminal, HTML for a browser,
   * JSON for programs and for anyone whose `Accept` asks for JSON alone. A route that
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
  browser: client("browser", "html"),
  browserAskingForJson: client("browser", "json"),
  program: client("program", "json"),
} as const;

/** The table as one case-insensitive pattern: one pass over the UA instead of ten. */
const TERMINAL_PATTERN = new RegExp(
  TERMINAL_AGENTS.map((agent) => agent.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"),
  "i",
);
const BROWSER_PATTERN = /mozilla\//i;

/**
 * Kinds of the User-Agents seen lately: a site's visitors send a handful of distinct UAs
 * over and over, and a lookup costs less than the two patterns
 * (docs/decisions/2026-11-23-recent-user-agents.md). Emptied when full, so strangers'
 * random UAs cannot grow it.
 */
const recentKinds = new Map<string, ClientKind>();
const RECENT_LIMIT = 512;
/** Real UAs are a few hundred bytes; longer ones are classified but not remembered. */
const RECENT_MAX_LENGTH = 512;

function kindOf(userAgent: string): ClientKind {
  let kind = recentKinds.get(userAgent);
  if (kind === undefined) {
    if (TERMINAL_PATTERN.test(userAgent)) kind = "terminal";
    else kind = BROWSER_PATTERN.test(userAgent) ? "browser" : "program";
    if (userAgent.length <= RECENT_MAX_LENGTH) {
      if (recentKinds.size >= RECENT_LIMIT) recentKinds.clear();
      recentKinds.set(userAgent, kind);
    }
  }
  return kind;
}

const MENTIONS_JSON = /json/i;

/**
 * True when `Accept` names `application/json` with a weight above 0 and accepts no `*\/*`.
 * HTTPie's default, `application/json, *\/*;q=0.5`, is a default, not a wish.
 */
export function acceptsOnlyJson(accept: string): boolean {
  // Most Accept headers do not mention JSON at all: answer those without parsing.
  if (!MENTIONS_JSON.test(accept)) return false;
  const acceptable = qualityList(accept).filter(({ q }) => q > 0);
  return (
    acceptable.some(({ value }) => value === "application/json") &&
    !acceptable.some(({ value }) => value === "*/*")
  );
}

/** Classifies a request from its two headers. */
export function classifyClient(userAgent: string | null, accept: string | null): Client {
  const kind = kindOf(userAgent ?? "");
  if (kind === "program") return CLIENTS.program;
  const askingForJson = accept !== null && acceptsOnlyJson(accept);
  if (kind === "terminal") return askingForJson ? CLIENTS.terminalAskingForJson : CLIENTS.terminal;
  return askingForJson ? CLIENTS.browserAskingForJson : CLIENTS.browser;
}

/** Who is asking and what they want, from the request's User-Agent and Accept. */
export function clientOf(request: Request): Client {
  return classifyClient(request.headers.get("user-agent"), request.headers.get("accept"));
}
