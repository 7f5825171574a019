/**
 * `content/` belongs to whoever runs the site: the suite never reads what it says, so an
 * owner who edits it and nothing else keeps every check green. This file is the only test
 * that opens it, and it only asks what `bun run build` asks: does the app start on it, every
 * route reading and checking the files it needs? (A fixture owner's folder holds only what
 * its tests need; the app reads the rest from `content/`, and no test looks at what it says.)
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { builtInFiles } from "../../lib/content/files.ts";
import { testApp } from "../support/app.ts";

test("content/ is valid: the app starts on it, every route reading the files it needs", () => {
  expect(() => testApp({ files: builtInFiles })).not.toThrow();
});

test("no other test reads content/: they run on the fixture owners under tests/fixtures/owners/", () => {
  const tests = join(import.meta.dir, "..");
  const readers = readdirSync(tests, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .filter((file) => {
      const text = readFileSync(join(tests, file), "utf8");
      // The built-in files, a content JSON imported by path, or the folder joined to the root.
      return /builtInFiles|built-in\.gen\.ts|\/content\/[a-z]+\.json["']|(root|ROOT), "content"/.test(text);
    })
    .map((file) => relative(tests, join(tests, file)));
  expect(readers).toEqual([relative(tests, import.meta.path)]);
});
