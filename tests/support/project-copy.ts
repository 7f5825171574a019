/**
 * Test support: a copy of the project in a folder of its own, for a command that must run
 * from a checkout (its own `content/`, its own route manifest): the files it names, the
 * project's `node_modules` linked rather than copied, and `content/` with the tests' valid
 * content in place of the files it has (the others, which the routes read and no test
 * looks at, as they are).
 */
import { cpSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { validContent, writeContent } from "./content.ts";

const ROOT = join(import.meta.dir, "..", "..");

/**
 * Copies `entries` (paths from the project's root, folders whole) and `content/` into
 * `dir`, links `node_modules` and writes `validContent()` over `dir/content`.
 */
export function copyProject(dir: string, entries: readonly string[]): void {
  for (const entry of [...entries, "content"])
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  writeContent(join(dir, "content"), validContent());
}
