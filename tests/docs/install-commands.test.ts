/**
 * Every install a machine runs from the project's files is bun.lock's or fails: the
 * README's commands, the docs', the Dockerfile's, CI's and the release workflow's each say
 * `bun install --frozen-lockfile`. bunfig.toml leaves the lock file writable for `bun add`,
 * so the flag is what makes those installs the same everywhere.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const DOCS = readdirSync(join(ROOT, "docs"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => `docs/${name}`);
const FILES = ["README.md", "Dockerfile", ".ci/run", ".github/workflows/deploy.yml", ...DOCS];

test.each(FILES)("each bun install in %s is frozen to bun.lock", (file) => {
  const text = readFileSync(join(ROOT, file), "utf8");
  // A line that says what is installed (`echo "--- bun install ..."`) installs nothing.
  const commands = text.split("\n").filter((line) => !/^\s*echo\b/.test(line));
  const installs = commands.flatMap((line) => line.match(/\bbun (install|i)\b[^`]*/g) ?? []);
  for (const install of installs) expect(install).toContain("--frozen-lockfile");
});

test("the README's quick start installs from bun.lock", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  expect(readme).toContain("bun install --frozen-lockfile && bun run start");
});

test("bunfig.toml does not freeze bun.lock for everyone: bun add must be able to write it", () => {
  const bunfig = Bun.TOML.parse(readFileSync(join(ROOT, "bunfig.toml"), "utf8")) as {
    install: { frozenLockfile: boolean };
  };
  expect(bunfig.install.frozenLockfile).toBe(false);
});
