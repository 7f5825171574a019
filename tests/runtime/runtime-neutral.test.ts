/**
 * Only the two entry points know their runtime: nothing under lib/ or routes/ may use
 * a `Bun.*` or `Deno.*` API or a `bun:` module, or Deno could not serve the same app.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dir, "..", "..");
const RUNTIME_APIS = /\b(?:Bun|Deno)\s*\.|from\s+["'](?:bun|bun:[a-z]+)["']|import\(\s*["']bun/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

const files = [...sources(join(root, "lib")), ...sources(join(root, "routes"))];

/** The modules under lib/ and routes/ as git sees them: tracked, or new and not ignored. */
const gitModules = Bun.spawnSync(
  ["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", "lib", "routes"],
  { cwd: root },
)
  .stdout.toString()
  .split("\n")
  .filter(
    (file) => file.endsWith(".ts") && statSync(join(root, file), { throwIfNoEntry: false }) !== undefined,
  );

test("the scan covers every module under lib/ and routes/ that git knows", () => {
  expect(gitModules.length).toBeGreaterThan(0);
  expect(files.map((file) => relative(root, file)).sort()).toEqual(gitModules.sort());
});

test("the pattern catches each runtime's API", () => {
  expect(RUNTIME_APIS.test("const port = Bun.serve({})")).toBe(true);
  expect(RUNTIME_APIS.test('import { test } from "bun:test";')).toBe(true);
  expect(RUNTIME_APIS.test("Deno.env.get('X')")).toBe(true);
});

test.each(files.map((file) => [relative(root, file), file]))("%s uses no Bun or Deno API", (_name, file) => {
  const code = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  expect(code.match(RUNTIME_APIS)?.[0]).toBeUndefined();
});
