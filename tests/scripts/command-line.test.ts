/**
 * Every command answers `--help` with its usage on stdout and exit 0, doing nothing else,
 * and an option it does not take with one line on stderr and exit 2, never a stack trace.
 * The commands are every script of package.json, and the bench files run by their path
 * (`bun run bench/memory.ts`), each run as a person runs it, `bun run <name> --help`, in a
 * copy of the project: its `git status` shows anything a command wrote, the route
 * manifest there is stale so that regenerating it shows, and `PORT` is taken so that a
 * server that starts fails.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SHUTDOWN_GRACE_MS } from "../../lib/app/start.ts";
import pkg from "../../package.json" with { type: "json" };
import { copyProject } from "../support/project-copy.ts";
import { runCommand, scriptLines } from "../support/run.ts";

const ROOT = join(import.meta.dir, "..", "..");

/** The bench files that are commands of their own: each names itself `bun run bench/<file>`. */
const BENCH_FILES = readdirSync(join(ROOT, "bench"))
  .filter((file) => file.endsWith(".ts"))
  .filter((file) =>
    readFileSync(join(ROOT, "bench", file), "utf8").includes(`name: "bun run bench/${file}"`),
  );

/** What follows `bun run`: each script's name, and each bench file's path. */
const COMMANDS = [...Object.keys(pkg.scripts), ...BENCH_FILES.map((file) => `bench/${file}`)];

/** Longer than any command takes to print its usage; a command still running then is a failure. */
const EXIT_WITHIN_MS = 15_000;

const project = mkdtempSync(join(tmpdir(), "site-command-line-"));
/** Taken for the whole file: a server started by mistake cannot listen on it, and exits 1. */
const taken = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });

const git = (...args: string[]) =>
  Bun.spawnSync(["git", "-c", "user.name=test", "-c", "user.email=test@localhost", ...args], {
    cwd: project,
    stderr: "ignore",
  }).stdout.toString();
/**
 * What a command wrote in the copy: files changed, added or removed, ignored ones (dist/)
 * included. The copy is then put back, so that the next command starts from it as committed.
 */
function changesSinceCommit(): string {
  const status = git("status", "--porcelain", "--ignored");
  if (status !== "") {
    git("reset", "--hard", "--quiet");
    git("clean", "-d", "--force", "-x", "--quiet");
  }
  return status;
}

beforeAll(() => {
  const files = Bun.spawnSync(["git", "ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
  })
    .stdout.toString()
    .split("\n")
    .filter((file) => file !== "" && statSync(join(ROOT, file), { throwIfNoEntry: false })?.isFile());
  copyProject(project, files);
  appendFileSync(
    join(project, "routes", "_manifest.gen.ts"),
    "// stale: regenerating it shows in git status\n",
  );
  git("init", "--quiet");
  git("add", "--all");
  git("commit", "--quiet", "--no-gpg-sign", "--message", "the project, its manifest stale");
  expect(changesSinceCommit()).toBe("");
});

afterAll(() => {
  taken.stop(true);
  rmSync(project, { recursive: true, force: true });
});

/**
 * Runs `bun run <name> ...args` in the copy, in a process group of its own, and waits for
 * it to exit; `left` names what still ran in that group once it had (then ended), and
 * `changes` what it wrote.
 */
async function run(name: string, ...args: string[]) {
  const child = Bun.spawn(["bun", "run", name, ...args], {
    cwd: project,
    // Deno's task runner colours its own line unless told not to.
    env: { ...process.env, NO_COLOR: "1", HOST: "127.0.0.1", PORT: String(taken.port), METRICS_PORT: "off" },
    stdout: "pipe",
    stderr: "pipe",
    detached: true,
  });
  const output = Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  let left = "nothing";
  const timer = setTimeout(() => {
    left = `still running after ${EXIT_WITHIN_MS} ms`;
    process.kill(-child.pid, "SIGKILL");
  }, EXIT_WITHIN_MS);
  const code = await child.exited;
  clearTimeout(timer);
  try {
    process.kill(-child.pid, 0);
    left = Bun.spawnSync(["ps", "-o", "args=", "-g", String(child.pid)])
      .stdout.toString()
      .trim();
    process.kill(-child.pid, "SIGKILL");
  } catch {}
  const [stdout, stderr] = await output;
  return { code, stdout, stderr: scriptLines(stderr), left, changes: changesSinceCommit() };
}

describe.each(COMMANDS)("bun run %s", (name) => {
  test("--help: the usage on stdout, with arguments, options and exit codes; exit 0; nothing else done", async () => {
    for (const flag of ["--help", "-h"]) {
      const { code, stdout, stderr, left, changes } = await run(name, flag);
      expect({ flag, code, stderr, left, changes }).toEqual({
        flag,
        code: 0,
        stderr: [],
        left: "nothing",
        changes: "",
      });
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
    const usage = (await run(name, "--help")).stdout.split("\n")[0] ?? "";
    const { code, stdout, stderr, left, changes } = await run(name, flag);
    // The line begins with the command as its usage names it: `site`, `bun run notify`.
    const command = stderr[0]?.split(": ")[0] ?? "";
    expect(usage).toMatch(new RegExp(`^usage: ${RegExp.escape(command)}( |$)`));
    expect({ code, stdout, stderr, left, changes }).toEqual({
      code: 2,
      stdout: "",
      stderr: [`${command}: ${problem}; see ${command} --help`],
      left: "nothing",
      changes: "",
    });
  });
});

/** Runs `command ...args` in the project itself: for the commands' own refusals, which write nothing. */
const runHere = (command: string[], ...args: string[]) => runCommand([...command, ...args], { cwd: ROOT });

describe("the server's --help", () => {
  test("names every variable of the README's configuration table, and the drain's grace", async () => {
    const { stdout } = await runHere(["bun", "server.ts"], "--help");
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Make it yours"));
    const variables = [...table.matchAll(/^\| `([A-Z_]+)`/gm)].map(([, variable]) => variable);
    expect(variables.length).toBeGreaterThan(5);
    for (const variable of variables) expect(stdout).toContain(variable as string);
    expect(stdout).toContain(`${SHUTDOWN_GRACE_MS / 1000} s after SIGTERM`);
  });

  test("names no variable docs/deploy.md's configuration table does not describe", async () => {
    const { stdout } = await runHere(["bun", "server.ts"], "--help");
    const deploy = readFileSync(join(ROOT, "docs", "deploy.md"), "utf8");
    const table = deploy.slice(deploy.indexOf("## Configuration"), deploy.indexOf("## Logging and shutdown"));
    const named = new Set(
      [...stdout.matchAll(/\b([A-Z][A-Z]+(?:_[A-Z]+)+|PORT|HOST)\b/g)].map(([name]) => name),
    );
    expect(named.size).toBeGreaterThan(10);
    for (const variable of named)
      expect({ variable, described: table.includes(`\`${variable}\``) }).toEqual({
        variable,
        described: true,
      });
  });

  test("a value where none is taken, or an argument, is refused too", async () => {
    for (const [args, problem] of [
      [["--version=2"], "Option '--version' does not take an argument"],
      [["serve"], "Unexpected argument 'serve'"],
    ] as const) {
      const { code, stderr } = await runHere(["bun", "server.ts"], ...args);
      expect({ code, stderr }).toEqual({ code: 2, stderr: `site: ${problem}; see site --help\n` });
    }
  });
});

test("a missing option value is one line too: release:wait --machines, import-resume --out", async () => {
  for (const [name, script, option] of [
    ["bun run release:wait", "scripts/wait-for-release.ts", "machines"],
    ["bun run import-resume", "scripts/import-resume.ts", "out"],
  ] as const) {
    const { code, stderr } = await runHere(["bun", script], `--${option}`);
    expect({ code, stderr }).toEqual({
      code: 2,
      stderr: `${name}: Option '--${option} <value>' argument missing; see ${name} --help\n`,
    });
  }
});

test("the bench's build comparisons refuse a --runs that is not a whole number over 0, and no executable, in one line", async () => {
  for (const script of BENCH_FILES.map((file) => `bench/${file}`)) {
    const name = `bun run ${script}`;
    for (const [args, problem] of [
      [["--runs", "0", "dist/site"], "--runs takes a whole number over 0"],
      [["--runs", "2.5", "dist/site"], "--runs takes a whole number over 0"],
      [["--runs", "many", "dist/site"], "--runs takes a whole number over 0"],
      [["--runs", "3"], "no executable given"],
    ] as const) {
      const { code, stdout, stderr } = await runHere(["bun", script], ...args);
      expect({ args, code, stdout, stderr }).toEqual({
        args,
        code: 2,
        stdout: "",
        stderr: `${name}: ${problem}; see ${name} --help\n`,
      });
    }
  }
  // Four processes for each file of the bench that compares builds.
}, 30_000);

test("bench:ab refuses a command line without both builds, in one line", async () => {
  for (const args of [[], ["--a", "bun server.ts"], ["--b", "bun server.ts"]]) {
    const { code, stdout, stderr } = await runHere(["bun", "bench/ab.ts"], ...args);
    expect({ args, code, stdout, stderr }).toEqual({
      args,
      code: 2,
      stdout: "",
      stderr: "bun run bench:ab: --a and --b are both needed; see bun run bench:ab --help\n",
    });
  }
});
