/**
 * @module Header policy: the headers every response carries, decided in one place and
 * baked into prepared responses at start-up rather than added by a hook per request.
 */

/** Security headers for an API that serves JSON and text only. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  "cross-origin-resource-policy": "cross-origin",
};

/**
 * The profile page's policy: nothing may load but its own inline stylesheet (allowed
 * by hash, not `'unsafe-inline'`) and its inline icon; no scripts at all.
 */
export function htmlSecurityPolicy(styleHash: string): Readonly<Record<string, string>> {
  return {
    "content-security-policy":
      `default-src 'none'; style-src '${styleHash}'; img-src data:; ` +
      "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  };
}

/** A public API: any site may read it from a browser. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Retry-After, X-Clacks-Overhead",
};

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
} as const;

export const CONTENT_TYPE = {
  json: "application/json; charset=utf-8",
  text: "text/plain; charset=utf-8",
  html: "text/html; charset=utf-8",
} as const;

/** The headers shared by every response of this API, errors included. */
export function baseHeaders(): Record<string, string> {
  return { ...SECURITY_HEADERS, ...CORS_HEADERS, ...HIDDEN_HEADER };
}
