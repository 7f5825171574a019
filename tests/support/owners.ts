/**
 * Test support: the fixture owners, each a content folder under `tests/fixtures/owners/`.
 * The suite runs on these, never on `content/`, which belongs to whoever runs the site. A
 * fixture holds only the files its tests need: any other file is read from the built-in
 * `content/`, as `CONTENT_DIR` is read (`lib/content/files.ts`), and no test looks at what
 * it says.
 *
 * - `rin`: the sample owner as the product ships her, every optional field filled in; the
 *   golden files are hers. Her history of /now, and `anuradha`'s, record no post elsewhere,
 *   so a server started from either reads no replies.
 * - `anuradha`: deliberately different: a long name in Devanagari (combining marks), one
 *   job, two skills in one group, a half-hour time zone, and every optional field absent.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ContentFiles, filesOf, folderFiles } from "../../lib/content/files.ts";
import { type Content, readContent } from "../../lib/content/site-content.ts";

export const OWNERS = ["rin", "anuradha"] as const;
export type Owner = (typeof OWNERS)[number];

/** The folder of an owner's content files: what `CONTENT_DIR` names for a server process. */
export const ownerDir = (owner: Owner): string => join(import.meta.dir, "..", "fixtures", "owners", owner);

/** An owner's content files, as a server started with `CONTENT_DIR` set to the owner's folder reads them. */
export const ownerFiles = (owner: Owner): ContentFiles => folderFiles(ownerDir(owner));

/**
 * An owner's content files with some replaced by the values given, by file name: a test's
 * owner who differs in one thing.
 *
 * @example
 * ownerFilesWith("rin", { "profile.json": { ...ownerFile("rin", "profile.json"), email: undefined } })
 */
export const ownerFilesWith = (owner: Owner, values: Readonly<Record<string, unknown>>): ContentFiles =>
  filesOf(values, ownerFiles(owner));

/** One file of an owner's, as parsed JSON, not yet checked: a fresh copy to change in a test. */
export function ownerFile<T = Record<string, unknown>>(owner: Owner, name: string): T {
  return JSON.parse(readFileSync(join(ownerDir(owner), name), "utf8")) as T;
}

const checked = new Map<string, Content>();

/** An owner's profile and /now, checked for `siteUrl` as the app checks them. */
export function ownerContent(owner: Owner, siteUrl: string): Content {
  const key = `${owner} ${siteUrl}`;
  const content = checked.get(key) ?? readContent(ownerFiles(owner), siteUrl);
  checked.set(key, content);
  return content;
}

/**
 * An owner's files with the profile's fields changed as given; a field given as
 * `undefined` is taken out.
 *
 * @example
 * testApp({ files: profileWith({ email: undefined }) });
 */
export function profileWith(changes: Readonly<Record<string, unknown>>, owner: Owner = "rin"): ContentFiles {
  const profile = { ...ownerFile(owner, "profile.json"), ...changes };
  for (const [field, value] of Object.entries(changes)) if (value === undefined) delete profile[field];
  return ownerFilesWith(owner, { "profile.json": profile });
}
