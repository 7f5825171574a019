/**
 * Test support: libxml2's `xmllint` (Debian's libxml2-utils), an XML parser and XSD
 * validator we did not write. `scripts/install-test-tools.sh` installs it.
 */
import { join } from "node:path";

/** The sitemaps.org 0.9 schema, as the `sitemap` package ships it (a dev dependency). */
export const SITEMAP_XSD = join(
  import.meta.dir,
  "..",
  "..",
  "node_modules",
  "sitemap",
  "schema",
  "sitemap.xsd",
);

export interface LintResult {
  readonly ok: boolean;
  /** What xmllint said, on failure; empty on success. */
  readonly errors: string;
}

/** Parses `xml` and, given a schema, validates it; nothing is fetched from the network. */
export function xmllint(xml: string, schema?: string): LintResult {
  const args = ["xmllint", "--noout", "--nonet", ...(schema ? ["--schema", schema] : []), "-"];
  const run = Bun.spawnSync(args, { stdin: new TextEncoder().encode(xml), stderr: "pipe" });
  // On success xmllint still says "- validates" on stderr: only a failure's words matter.
  const ok = run.exitCode === 0;
  return { ok, errors: ok ? "" : run.stderr.toString() };
}
