/**
 * @module The running release: the code's version and the content it serves. A new build
 * or new content (`CONTENT_DIR` read afresh) is a new release: what search engines are told
 * about once (`lib/indexnow/trigger.ts`).
 */
import type { ContentFiles } from "../content/files.ts";
import { sha256 } from "../utils/sha256.ts";

/**
 * `1.0.0+91a86731a0c9.3f2a9c1b7d4e`: the version, and a digest of every content file as
 * served (SITE_URL filled in), as one more identifier of its semver build metadata.
 */
export function releaseId(version: string, files: ContentFiles, siteUrl: string): string {
  const served = JSON.stringify(files.names().map((name) => [name, files.read(name).value]));
  return `${version}.${sha256(served.replaceAll("{base_url}", siteUrl), "hex").slice(0, 12)}`;
}
