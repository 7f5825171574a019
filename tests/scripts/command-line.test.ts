/**
 * Every command answers `--help` with its usage on stdout and exit 0, and an option it
 * does not take with one line on stderr and exit 2, never a stack trace: the server on
 * Bun and on Deno, and every script and bench command, each run as its package.json
 * script runs it.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SHUTDOWN_GRACE_MS } from "../../lib/runtime/start.ts";
import { ENTRY_POINTS } from "../support/entry-points.ts";
import { runCommand } from "../support/run.ts";

const ROOT = join(import.meta.dir, "..", "..");

/** Each command, the name its one-line refusal begins with, and how it is run. */
const COMMANDS: [title: string, name: string, command: string[]][] = [
  ["the server on Bun", "site", ENTRY_POINTS.bun],
  ["the server on Deno", "site", ENTRY_POINTS.deno],
  ["notify", "bun run notify", ["bun", "scripts/notify.ts"]],
  ["release:wait", "bun run release:wait", ["bun", "scripts/wait-for-release.ts"]],
  ["import-resume", "bun run import-resume", ["bun", "scripts/import-resume.ts"]],
  ["init", "bun run init", ["bun", "scripts/init.ts"]],
  ["site-url", "bun run site-url", ["bun", "scripts/site-url.ts"]],
  ["build", "bun run build", ["bun", "scripts/build.ts"]],
  ["bench", "bun run bench", ["bun", "bench/run.ts"]],
  ["bench:ab", "bun run bench:ab", ["bun", "bench/ab.ts"]],
  ["bench/memory.ts", "bun run bench/memory.ts", ["bun", "bench/memory.ts"]],
  ["bench/start-up.ts", "bun run bench/start-up.ts", ["bun", "bench/start-up.ts"]],
  ["soak", "bun run soak", ["bun", "scripts/soak.ts"]],
];

const run = (command: string[], ...args: string[]) => runCommand([...command, ...args], { cwd: ROOT });

describe.each(COMMANDS)("%s", (_, name, command) => {
  test("--help: the usage on stdout, with arguments, options and exit codes; exit 0", async () => {
    for (const flag of ["--help", "-h"]) {
      const { code, stdout, stderr } = await run(command, flag);
      expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
      expect(stdout).toStartWith("usage: ");
      expect(stdout).toContain("Options:\n");
      expect(stdout).toContain("-h, --help");
      expect(stdout).toMatch(/Exit status:\n {2}0 {2}.+\n(.|\n)* {2}2 {2}/);
      for (const line of stdout.trimEnd().split("\n"))
        expect({ line, fits: line.length <= 80 }).toEqual({ line, fits: true });
    }
  });

  test.each([
    ["--bogus", "Unknown option '--bogus'"],
    ["-z", "Unknown option '-z'"],
    ["--help=yes", "Option '-h, --help' does not take an argument"],
  ])("%s: one line on stderr naming it, nothing on stdout, exit 2", async (flag, problem) => {
    const { code, stdout, stderr } = await run(command, flag);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: "",
      stderr: `${name}: ${problem}; see ${name} --help\n`,
    });
  });
});

describe("the server's --help", () => {
  test("names every variable of the README's configuration table, and the drain's grace", async () => {
    const { stdout } = await run(["bun", "server.ts"], "--help");
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Make it yours"));
    const variables = [...table.matchAll(/^\| `([A-Z_]+)`/gm)].map(([, variable]) => variable);
    expect(variables.length).toBeGreaterThan(5);
    for (const variable of variables) expect(stdout).toContain(variable as string);
    expect(stdout).toContain(`${SHUTDOWN_GRACE_MS / 1000} s after SIGTERM`);
  });

  test("a value where none is taken, or an argument, is refused too", async () => {
    for (const [args, problem] of [
      [["--version=2"], "Option '--version' does not take an argument"],
      [["serve"], "Unexpected argument 'serve'"],
    ] as const) {
      const { code, stderr } = await run(["bun", "server.ts"], ...args);
      expect({ code, stderr }).toEqual({ code: 2, stderr: `site: ${problem}; see site --help\n` });
    }
  });
});

test("a missing option value is one line too: release:wait --machines, import-resume --out", async () => {
  for (const [name, script, option] of [
    ["bun run release:wait", "scripts/wait-for-release.ts", "machines"],
    ["bun run import-resume", "scripts/import-resume.ts", "out"],
  ] as const) {
    const { code, stderr } = await run(["bun", script], `--${option}`);
    expect({ code, stderr }).toEqual({
      code: 2,
      stderr: `${name}: Option '--${option} <value>' argument missing; see ${name} --help\n`,
    });
  }
});

test("the bench's build comparisons refuse a --runs that is not a whole number over 0, and no executable, in one line", async () => {
  for (const name of ["bun run bench/memory.ts", "bun run bench/start-up.ts"]) {
    const script = name.replace("bun run ", "");
    for (const [args, problem] of [
      [["--runs", "0", "dist/site"], "--runs takes a whole number over 0"],
      [["--runs", "2.5", "dist/site"], "--runs takes a whole number over 0"],
      [["--runs", "many", "dist/site"], "--runs takes a whole number over 0"],
      [["--runs", "3"], "no executable given"],
    ] as const) {
      const { code, stdout, stderr } = await run(["bun", script], ...args);
      expect({ args, code, stdout, stderr }).toEqual({
        args,
        code: 2,
        stdout: "",
        stderr: `${name}: ${problem}; see ${name} --help\n`,
      });
    }
  }
});

test("bench:ab refuses a command line without both builds, in one line", async () => {
  for (const args of [[], ["--a", "bun server.ts"], ["--b", "bun server.ts"]]) {
    const { code, stdout, stderr } = await run(["bun", "bench/ab.ts"], ...args);
    expect({ args, code, stdout, stderr }).toEqual({
      args,
      code: 2,
      stdout: "",
      stderr: "bun run bench:ab: --a and --b are both needed; see bun run bench:ab --help\n",
    });
  }
});
