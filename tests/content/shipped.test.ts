/**
 * `content/` belongs to whoever runs the site: the suite never reads what it says, so an
 * owner who edits it and nothing else keeps every check green. This file is the only test
 * that opens it, and it only asks what `bun run build` asks: is it valid content for this
 * code, every page it lists one the site serves?
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { builtInContent } from "../../lib/content/files.ts";
import { validateContent } from "../../lib/content/validate.ts";
import { config, testApp } from "../support/app.ts";

test("content/ is valid, and the site serves every page it lists", () => {
  expect(() => testApp({ content: validateContent(builtInContent(), config.siteUrl) })).not.toThrow();
});

test("no other test reads content/: they run on the fixture owners under tests/fixtures/owners/", () => {
  const tests = join(import.meta.dir, "..");
  const readers = readdirSync(tests, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .filter((file) => {
      const text = readFileSync(join(tests, file), "utf8");
      // The built-in files' module, a content JSON imported by path, or the folder joined to the root.
      return /lib\/content\/files\.ts|\/content\/[a-z]+\.json["']|(root|ROOT), "content"/.test(text);
    })
    .map((file) => relative(tests, join(tests, file)));
  expect(readers).toEqual([relative(tests, import.meta.path)]);
});
