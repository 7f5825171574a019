/**
 * Test support: the fixture owners, each a content folder under `tests/fixtures/owners/`.
 * The suite runs on these, never on `content/`, which belongs to whoever runs the site.
 *
 * - `rin`: the sample owner as the product ships her, every optional field filled in; the
 *   golden files are hers.
 * - `anuradha`: deliberately different: a long name in Devanagari (combining marks), one
 *   job, two skills in one group, a half-hour time zone, and every optional field absent.
 */
import { join } from "node:path";
import { contentFromFolder, readContentFolder } from "../../lib/content/folder.ts";
import type { Content, RawContent } from "../../lib/content/validate.ts";

export const OWNERS = ["rin", "anuradha"] as const;
export type Owner = (typeof OWNERS)[number];

/** The folder of an owner's content files: what `CONTENT_DIR` names for a server process. */
export const ownerDir = (owner: Owner): string => join(import.meta.dir, "..", "fixtures", "owners", owner);

const validated = new Map<string, Content>();

/** An owner's content, validated for `siteUrl` as start-up validates it. */
export function ownerContent(owner: Owner, siteUrl: string): Content {
  const key = `${owner} ${siteUrl}`;
  let content = validated.get(key);
  if (!content) {
    content = contentFromFolder(ownerDir(owner), siteUrl);
    validated.set(key, content);
  }
  return content;
}

/** An owner's files as parsed JSON, not yet validated: a fresh copy to break in a test. */
export function ownerFiles(owner: Owner): RawContent {
  return readContentFolder(ownerDir(owner));
}
