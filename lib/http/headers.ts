/**
 * @module Header policy: the headers every response carries, decided in one place and
 * baked into prepared responses at start-up rather than added by a hook per request.
 */

/**
 * What a response is, for the headers that depend on it: the API's JSON and text, or
 * the documentation page (HTML that runs the UI's script, which this app serves too).
 */
export type Representation = "api" | "docs";

const CSP: Readonly<Record<Representation, string>> = {
  // JSON and text load nothing and may be framed by no one.
  api: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  // The docs UI: its script and the spec from this origin, the styles the script injects.
  docs: [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; "),
};

/**
 * The profile page's policy: nothing may load but its own inline stylesheet (allowed
 * by hash, not `'unsafe-inline'`), its inline icon, and its one script from this origin,
 * which may connect to this origin only (the event stream).
 */
export function htmlSecurityPolicy(styleHash: string): Readonly<Record<string, string>> {
  return {
    "content-security-policy":
      `default-src 'none'; style-src '${styleHash}'; img-src data:; script-src 'self'; connect-src 'self'; ` +
      "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  };
}

/** The Content-Security-Policy for a representation: strict unless it must load something. */
export function contentSecurityPolicy(representation: Representation = "api"): string {
  return CSP[representation];
}

/** Security headers; the CSP depends on what the response is. */
export function securityHeaders(representation: Representation = "api"): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "content-security-policy": contentSecurityPolicy(representation),
    "cross-origin-resource-policy": "cross-origin",
  };
}

/**
 * A public API: any site may read it from a browser, with the headers a page's script
 * has a use for, the request id included, to quote it in a report.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Retry-After, X-Clacks-Overhead, X-Request-Id",
};

/**
 * The answer to a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`):
 * the methods and request headers a page may use, cached by the browser for a day.
 * No credentials: the API has none, and `*` forbids them anyway.
 */
export function preflightHeaders(allow: string): Record<string, string> {
  return {
    "access-control-allow-methods": allow,
    "access-control-allow-headers": "Accept, Content-Type, If-None-Match, X-Request-Id",
    "access-control-max-age": "86400",
  };
}

/** The easter egg `/api/stack` hints at: a header that keeps a name moving. */
export const HIDDEN_HEADER: Readonly<Record<string, string>> = {
  "x-clacks-overhead": "GNU Terry Pratchett",
};

/** Every representation depends on these two request headers (see `client-kind`). */
export const VARY = "Accept, User-Agent";

export const CACHE_CONTROL = {
  /** Live values (uptime, random picks): never reuse. */
  noStore: "no-store",
  /** Hand-edited content: fresh for five minutes, then revalidated by ETag. */
  content: "public, max-age=300, must-revalidate",
  /** The profile shows the owner's local time to the minute: fresh for a minute. */
  perMinute: "public, max-age=60, must-revalidate",
  /** The IndexNow key file: the same until the key is changed, which engines check rarely. */
  keyFile: "public, max-age=3600",
  /** A file whose URL names its version (the docs UI's script): it never changes. */
  immutable: "public, max-age=31536000, immutable",
} as const;

export const CONTENT_TYPE = {
  json: "application/json; charset=utf-8",
  text: "text/plain; charset=utf-8",
  html: "text/html; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  vcard: "text/vcard; charset=utf-8",
  javascript: "text/javascript; charset=utf-8",
  /** RFC 7033 §10.2 registers it without parameters: JSON is UTF-8 anyway. */
  jrd: "application/jrd+json",
  /** The heartbeat's health-check format (draft-inadarei-api-health-check), without parameters too. */
  health: "application/health+json",
  /** Server-Sent Events: UTF-8 by the standard, said anyway. */
  eventStream: "text/event-stream; charset=utf-8",
  /** RFC 4287's Atom feed; XML says its charset. */
  atom: "application/atom+xml; charset=utf-8",
  /** JSON Feed 1.1's own media type, without parameters as +json types are. */
  feedJson: "application/feed+json",
  /** RFC 7763's Markdown; its charset said, as the RFC asks. */
  markdown: "text/markdown; charset=utf-8",
  /** The preview image link previews show. */
  png: "image/png",
} as const;

/** Each representation's base headers, built once: errors and preflights read them per request. */
const BASE_HEADERS: Readonly<Record<Representation, Readonly<Record<string, string>>>> = {
  api: Object.freeze({ ...securityHeaders("api"), ...CORS_HEADERS, ...HIDDEN_HEADER }),
  docs: Object.freeze({ ...securityHeaders("docs"), ...CORS_HEADERS, ...HIDDEN_HEADER }),
};

/** The headers shared by every response of this API, errors included: copy them to add more. */
export function baseHeaders(representation: Representation = "api"): Readonly<Record<string, string>> {
  return BASE_HEADERS[representation];
}
