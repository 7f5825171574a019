/**
 * `bun run site-url`: fly.toml's `[env] SITE_URL` on stdout, the one line the deploy
 * workflow reads; the placeholder fly.toml ships with printed too, but refused on stderr
 * with how to set the owner's own, so that a deploy stops before it ships it.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PLACEHOLDER_URL, siteUrl } from "../../scripts/site-url.ts";
import { runCommand, scriptLines } from "../support/run.ts";

const ROOT = join(import.meta.dir, "..", "..");
const scratch = mkdtempSync(join(tmpdir(), "site-url-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let files = 0;
/** A fly.toml with `lines` in it, as `fly launch` and an owner leave one. */
function flyToml(...lines: string[]): string {
  const path = join(scratch, `fly-${++files}.toml`);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

/** Runs the command in this process; what it wrote, line by line. */
function run(path: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = siteUrl(["--config", path], { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out, err };
}

describe("bun run site-url", () => {
  test("prints the owner's SITE_URL as an origin, and nothing else; exit 0", () => {
    const path = flyToml('app = "ada-site"', "[env]", '  SITE_URL = "https://ada.example/"');
    expect(run(path)).toEqual({ code: 0, out: ["https://ada.example"], err: [] });
  });

  test("prints the placeholder too, then one line saying it is one and where to set the site's; exit 1", () => {
    const path = flyToml('app = "my-site-api"', "[env]", `  SITE_URL = "${PLACEHOLDER_URL}"`);
    const { code, out, err } = run(path);
    expect({ code, out }).toEqual({ code: 1, out: [PLACEHOLDER_URL] });
    expect(err).toHaveLength(1);
    expect(err[0]).toStartWith(`site-url: ${path} still has the placeholder SITE_URL, ${PLACEHOLDER_URL}: `);
    expect(err[0]).toContain("set [env] SITE_URL there");
    expect(err[0]).toContain("e.g. https://<app>.fly.dev");
  });

  test("after `fly launch` wrote the app's name, the line suggests that app's address", () => {
    const path = flyToml('app = "ada-site"', "[env]", `  SITE_URL = "${PLACEHOLDER_URL}"`);
    const { code, err } = run(path);
    expect(code).toBe(1);
    expect(err[0]).toContain("e.g. https://ada-site.fly.dev (docs/deploy.md)");
  });

  test.each([
    ["no SITE_URL", ["[env]", '  PORT = "8080"']],
    ["an http SITE_URL", ["[env]", '  SITE_URL = "http://ada.example"']],
    ["no URL at all", ["[env]", '  SITE_URL = "ada.example"']],
  ])("%s: one line on stderr, nothing on stdout; exit 1", (_, lines) => {
    const path = flyToml(...lines);
    expect(run(path)).toEqual({
      code: 1,
      out: [],
      err: [`site-url: ${path} sets no https SITE_URL in [env]`],
    });
  });

  test("as the workflow runs it: stdout holds the URL alone, stderr the placeholder's line", async () => {
    const path = flyToml("[env]", `  SITE_URL = "${PLACEHOLDER_URL}"`);
    const { code, stdout, stderr } = await runCommand(["bun", "run", "site-url", "--config", path], {
      cwd: ROOT,
    });
    expect({ code, stdout }).toEqual({ code: 1, stdout: `${PLACEHOLDER_URL}\n` });
    expect(scriptLines(stderr)).toEqual([expect.stringContaining("still has the placeholder SITE_URL")]);
  });
});
