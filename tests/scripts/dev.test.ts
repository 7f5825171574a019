/**
 * `bun run dev` as a person runs it: a content mistake prints its one line and the runner
 * stays up; the fixed file is served as soon as it is saved; a new route file is in the
 * manifest and served on the next start; Ctrl-C stops the runner and the server.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { validContent } from "../support/content.ts";
import { copyProject } from "../support/project-copy.ts";

const project = mkdtempSync(join(tmpdir(), "site-dev-"));
let dev: ServerProcess | undefined;
afterAll(async () => {
  await dev?.stop(0);
  rmSync(project, { recursive: true, force: true });
});

/** What the project needs to run `bun run dev`. */
const DEV_FILES = ["lib", "routes", "server.ts", "package.json", "scripts/dev.ts", "scripts/gen-routes.ts"];

/** Polls `check` until it returns a value, for at most `ms`. */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 10_000) {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await Bun.sleep(50);
  }
  throw new Error(`${what} within ${ms} ms; the runner wrote:\n${dev?.output().stderr}`);
}

const answer = (path: string) =>
  fetch(`${dev?.url}${path}`, { headers: { "user-agent": "python-requests/2.32" } }).then(
    async (response) => (response.ok ? await response.json() : undefined),
    () => undefined,
  );

/** What the running server answers curl at `path`, as text; undefined while it does not answer. */
const answerText = (path: string) =>
  fetch(`${dev?.url}${path}`, { headers: { "user-agent": "curl/8.5.0" } }).then(
    async (response) => (response.ok ? await response.text() : undefined),
    () => undefined,
  );

test("a content mistake prints one line and the runner stays up; the saved fix is served", async () => {
  copyProject(project, DEV_FILES);
  // CONTENT_DIR unset: the copy serves, and the runner watches, its own content/.
  dev = await startServerProcess(["bun", "run", "dev"], {
    cwd: project,
    output: "keep",
    env: { CONTENT_DIR: "" },
  });
  const nowFile = join(project, "content", "now.json");
  const now = validContent().now;

  writeFileSync(nowFile, JSON.stringify(now, null, 2).replace('",\n  "updated"', '"\n  "updated"'));
  const refusal = 'Cannot start: content/now.json:3:3: expected "," or "}" after a value';
  await until("the refusal", () => (dev?.output().stderr.includes("dev: waiting") ? true : undefined));
  const lines = dev.output().stderr.split("\n");
  expect(lines.filter((line) => line.startsWith("Cannot start:"))).toEqual([refusal]);
  expect(dev.child.exitCode).toBeNull();
  expect(await answer("/api/ping")).toBeUndefined();

  writeFileSync(nowFile, JSON.stringify({ ...now, status: "Fixed, and served" }, null, 2));
  const served = await until("the fixed content", async () => {
    const text = await answerText("/?nocolor");
    return text?.includes("Fixed, and served") ? text : undefined;
  });
  expect(served).toContain("Fixed, and served");
}, 30_000);

test("a new route file is put in the manifest and served", async () => {
  writeFileSync(
    join(project, "routes", "hello.ts"),
    `import { defineRoute } from "../lib/site/site.ts";
export const GET = defineRoute({
  detail: { summary: "Hello", description: "Test only.", tags: ["test"], responses: () => ({}) },
  setup: () => function hello() { return Response.json({ hello: "world" }); },
});
`,
  );
  const body = await until("the new route", () => answer("/hello"));
  expect(body).toEqual({ hello: "world" });
}, 30_000);

test("Ctrl-C stops the runner and the server", async () => {
  const running = dev as ServerProcess;
  const exited = new Promise<number | null>((resolve) => running.child.once("exit", resolve));
  process.kill(-(running.child.pid as number), "SIGINT");
  expect(await exited).toBe(0);
  expect(await answer("/api/ping")).toBeUndefined();
}, 15_000);
