/**
 * Test support: golden files. `expectGolden(name, actual)` compares output with
 * `tests/golden/<name>`, or with the file `name` beside the test when it gives its folder
 * (a route's own, `tests/routes/api/vcard.contact-card.ansi.txt`); `bun run golden:update`
 * (UPDATE_GOLDEN=1) rewrites them, so a change in rendering shows up as a readable diff in
 * review.
 */
import { expect } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GOLDEN_DIR = join(import.meta.dir, "..", "golden");
const updating = process.env.UPDATE_GOLDEN === "1";

export function expectGolden(name: string, actual: string, dir = GOLDEN_DIR): void {
  const path = join(dir, name);
  if (updating) writeFileSync(path, actual);
  if (!existsSync(path)) {
    throw new Error(`No golden file ${name}: run \`bun run golden:update\` and review the diff`);
  }
  expect(actual).toBe(readFileSync(path, "utf8"));
}
