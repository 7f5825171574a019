/** @module SHA-256 for ETags, the page's CSP hash and the release's content digest. */
import { createHash } from "node:crypto";

export function sha256(text: string | Uint8Array, encoding: "base64" | "base64url" | "hex"): string {
  return createHash("sha256").update(text).digest(encoding);
}
