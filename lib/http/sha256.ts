/**
 * @module SHA-256 for ETags, the page's CSP hash and the release's content digest. node:crypto is fetched on first use
 * rather than imported: on Bun it loads Node's stream modules, megabytes and
 * milliseconds that a server woken by a monitor's ping (no ETag, no page) never needs.
 */

export function sha256(text: string, encoding: "base64" | "base64url" | "hex"): string {
  return process.getBuiltinModule("node:crypto").createHash("sha256").update(text).digest(encoding);
}
