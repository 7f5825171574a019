/**
 * Every path of this repository that the README, docs/ or a comment in the code names is
 * there: a file moved or deleted takes its mentions with it. Dated records
 * (docs/decisions/) say what was so on their date, and are left as written.
 */
import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

/** Paths a recipe or an example makes up on purpose, and what commands write: not the tree's. */
const MADE_UP = new Set([
  "routes/api/uses.ts",
  "content/uses.json",
  "tests/routes/api/uses.test.ts",
  "docs/greetings.md",
  "lib/doors/gopher/door.ts",
  "tests/doors/gopher.test.ts",
  "bench/results",
  // What the browser tests write, git-ignored: there only once they have run.
  "tests/artifacts",
  // A User-Agent's product, not a path.
  "bench/1.0",
]);

const files = Bun.spawnSync(["git", "ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root })
  .stdout.toString()
  .split("\n")
  .filter(
    (file) =>
      ((file.endsWith(".md") && !file.startsWith("docs/decisions/")) || /\.(ts|sh|toml)$/.test(file)) &&
      !file.endsWith(".gen.ts") &&
      existsSync(join(root, file)),
  );

/** A path of the tree as prose writes it: from a top folder, not part of a longer path or URL. */
const NAMED =
  /(?<![\w./-])((?:lib|routes|tests|scripts|bench|docs|content|\.ci)\/[\w.{}/-]*[\w}/])(?![\w*<…]|\.[\w*])/g;

test("every path the docs and the code name is in the tree", () => {
  const missing = files.flatMap((file) =>
    [...readFileSync(join(root, file), "utf8").matchAll(NAMED)]
      .map((match) => (match[1] as string).replace(/\/$/, ""))
      .filter((path) => !MADE_UP.has(path) && !existsSync(join(root, path)))
      .map((path) => `${file}: ${path}`),
  );
  expect(missing).toEqual([]);
});
