/** Start-up refusals: each configuration or content mistake is one clear line and exit 1. */
import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ownerDir } from "../support/owners.ts";

const ROOT = join(import.meta.dir, "..", "..");

/** Runs the real entry point; it must refuse before it listens. */
async function startUp(cwd: string, env: Record<string, string> = {}) {
  const child = Bun.spawn(["bun", "run", "server.ts"], {
    cwd,
    env: { ...process.env, PORT: "1", HOST: "127.0.0.1", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => child.kill(), 10_000);
  const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  clearTimeout(timer);
  return { code, lines: stderr.split("\n").filter((line) => line.trim() !== "") };
}

function expectRefusal({ code, lines }: { code: number; lines: string[] }, ...named: string[]) {
  expect(code).not.toBe(0);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toStartWith("Cannot start: ");
  for (const name of named) expect(lines[0]).toContain(name);
}

describe("configuration refusals", () => {
  const cases: [string, Record<string, string>][] = [
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "-1" }],
    ["METRICS_PORT", { METRICS_PORT: "ninety" }],
    ["METRICS_PORT", { METRICS_PORT: "1" }],
    ["HOST", { HOST: "bad host!" }],
    ["SITE_URL", { SITE_URL: "not a url" }],
    ["SITE_URL", { SITE_URL: "ftp://rin.example" }],
    ["SITE_URL", { SITE_URL: "https://rin.example/path" }],
  ];
  for (const [variable, env] of cases) {
    test(`${variable}=${Object.values(env)[0]} is refused with one line naming ${variable}`, async () => {
      expectRefusal(await startUp(ROOT, env), variable);
    });
  }
});

describe("content refusals", () => {
  const copies: string[] = [];
  afterAll(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A copy of the project with the sample fixture as its built-in `content/`, whose
   * `content/<file>` has been edited by `edit`.
   */
  function projectWith(file: string, edit: (text: string) => string): string {
    const dir = mkdtempSync(join(tmpdir(), "site-api-"));
    copies.push(dir);
    for (const entry of ["lib", "routes", "server.ts", "package.json"]) {
      cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
    }
    cpSync(ownerDir("rin"), join(dir, "content"), { recursive: true });
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    const path = join(dir, "content", file);
    writeFileSync(path, edit(readFileSync(path, "utf8")));
    return dir;
  }
  const json = (edit: (value: Record<string, unknown>) => void) => (text: string) => {
    const value = JSON.parse(text);
    edit(value);
    return JSON.stringify(value);
  };

  const cases: [string, string, (text: string) => string, string][] = [
    ["a syntax error", "now.json", (text) => text.slice(0, -5), "content/now.json"],
    ["a missing field", "profile.json", json((p) => delete p.name), "content/profile.json"],
    ["a wrong type", "profile.json", json((p) => (p.name = 42)), "/name"],
    [
      "an unknown time zone",
      "profile.json",
      json((p) => ((p.location as { timezone: string }).timezone = "Mars/Olympus")),
      "/location/timezone",
    ],
    [
      "a repeated roast id",
      "roasts.json",
      (text) => {
        const roasts = JSON.parse(text);
        return JSON.stringify([...roasts, roasts[0]]);
      },
      "content/roasts.json",
    ],
    ["an empty quote list", "quotes.json", () => "[]", "content/quotes.json"],
  ];
  for (const [what, file, edit, named] of cases) {
    test(`${what} in ${file} is refused with one line naming ${named}`, async () => {
      // With CONTENT_DIR unset, the copy serves its own content/.
      expectRefusal(await startUp(projectWith(file, edit), { CONTENT_DIR: "" }), named);
    });
  }
});

describe("CONTENT_DIR", () => {
  test("a folder without the content files is refused with one line naming the folder and the file", async () => {
    const empty = mkdtempSync(join(tmpdir(), "site-api-empty-"));
    try {
      const refusal = await startUp(ROOT, { CONTENT_DIR: empty });
      expectRefusal(refusal, `${empty}/profile.json`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test("a page the site does not serve is refused with one line naming site.json", async () => {
    const dir = mkdtempSync(join(tmpdir(), "site-api-owner-"));
    try {
      cpSync(ownerDir("rin"), dir, { recursive: true });
      writeFileSync(join(dir, "site.json"), JSON.stringify({ pages: ["{base_url}/api/nobody.json"] }));
      expectRefusal(await startUp(ROOT, { CONTENT_DIR: dir }), `${dir}/site.json: /pages/0`, "/api/rin.json");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
