/** Start-up refusals: each configuration or content mistake is one clear line and exit 1. */
import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EditableContent, validContent } from "../support/content.ts";
import { ownerDir } from "../support/owners.ts";
import { copyProject } from "../support/project-copy.ts";
import { runCommand, scriptLines } from "../support/run.ts";

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

describe("content refusals, through the commands a person runs", () => {
  const copies: string[] = [];
  afterAll(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the project whose content is the tests' own, with `file` written as `text`. */
  function projectWith(file: string, text: (content: EditableContent) => string): string {
    const dir = mkdtempSync(join(tmpdir(), "site-api-"));
    copies.push(dir);
    copyProject(dir, ["lib", "routes", "server.ts", "server.deno.ts", "package.json", "deno.json"]);
    writeFileSync(join(dir, "content", file), text(validContent()));
    return dir;
  }

  const COMMANDS = {
    bun: ["bun", "run", "start"],
    deno: ["deno", "task", "start"],
  } as const;

  async function refusalOf(runtime: keyof typeof COMMANDS, cwd: string) {
    const { code, stderr } = await runCommand([...COMMANDS[runtime]], {
      cwd,
      // CONTENT_DIR unset: the copy serves its own content/.
      env: { ...process.env, PORT: "1", HOST: "127.0.0.1", NO_COLOR: "1", CONTENT_DIR: "" },
    });
    return { code, lines: scriptLines(stderr) };
  }

  const indented = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const cases: [string, string, (content: EditableContent) => string, string][] = [
    [
      "a JSON syntax error",
      "now.json",
      (c) => indented(c.now).replace('",\n  "updated"', '"\n  "updated"'),
      'content/now.json:3:3: expected "," or "}" after a value',
    ],
    [
      "a day not in the calendar",
      "profile.json",
      (c) => indented({ ...c.profile, updated: "2026-02-30" }),
      'content/profile.json: /updated is "2026-02-30", not in the calendar: February 2026 has 28 days',
    ],
    [
      "an end before its start",
      "profile.json",
      (c) =>
        indented({ ...c.profile, education: [{ ...c.profile.education[0], start: "2020", end: "2019" }] }),
      'content/profile.json: /education/0/end is "2019", before its start "2020"',
    ],
    [
      "a missing field",
      "profile.json",
      ({ profile: { name: _, ...profile } }) => indented(profile),
      "content/profile.json: /name is missing; expected text of 1 to 60 characters",
    ],
    [
      "an unknown time zone",
      "profile.json",
      (c) => indented({ ...c.profile, location: { ...c.profile.location, timezone: "Mars/Olympus" } }),
      'content/profile.json: /location/timezone is "Mars/Olympus", not a time zone this runtime knows; expected one like America/Chicago',
    ],
  ];
  const runs = (["bun", "deno"] as const).flatMap((runtime) => cases.map((c) => [runtime, ...c] as const));
  test.each(runs)(
    "on %s, %s in %s is refused with one line, exit 1",
    async (runtime, _what, file, text, line) => {
      const { code, lines } = await refusalOf(runtime, projectWith(file, text));
      expect({ code, lines }).toEqual({ code: 1, lines: [`Cannot start: ${line}`] });
    },
  );
});

describe("CONTENT_DIR", () => {
  test("a mistake in one of the folder's files is refused with one line naming the folder and the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "site-api-owner-"));
    try {
      cpSync(ownerDir("rin"), dir, { recursive: true });
      writeFileSync(join(dir, "now.json"), JSON.stringify({ status: "Busy" }));
      expectRefusal(await startUp(ROOT, { CONTENT_DIR: dir }), `${dir}/now.json: /updated is missing`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
