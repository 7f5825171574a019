/**
 * A new endpoint is its own files (docs/architecture.md): one route of each kind the route
 * table holds, copied under a new path with a summary of its own and its own tests renamed
 * after it, passes the suites that span the API (the contract, the docs, own tests and the
 * manifest's) in a copy of the project where nothing else was edited. A kind is what the
 * route answers a program, a terminal and a browser (JSON, text drawn for the client, a
 * file, a page, another format), with an ETag or without; the kinds come from asking the
 * routes, so a new kind is copied too. Answers that stay open (a stream kind), the route
 * at the owner's handle and the routes every site keeps are no endpoints to copy.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { HANDLE, servedPath } from "../../lib/http/route.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { as, routeTableOf, send, testApp } from "../support/app.ts";
import { copyProject } from "../support/project-copy.ts";
import { runCommand } from "../support/run.ts";

const ROOT = join(import.meta.dir, "..", "..");
/** The routes every site keeps (tests/routes/own-tests.test.ts): not copied as endpoints. */
const KEPT = new Set(["/", "/api/ping", "/api/ping-indexnow"]);
/** The paths of the route files named after the owner's handle: a copy of one has no file name of its own. */
const namedByHandle = new Set(
  routes.filter(([file]) => file.includes(HANDLE)).map(([file]) => servedPath(file, "rin")),
);

/** What runs in the copy: the suites that span the API, besides each copy's own tests. */
const SPANNING = [
  "tests/contract",
  "tests/docs",
  "tests/routes/own-tests.test.ts",
  "tests/routes/manifest.test.ts",
];
/** The copy's suites start servers, Prism and Chromium: about 90 s here, minutes on a busy machine. */
const SUITES_MS = 5 * 60_000;

/** What a route answers a program, a terminal and a browser: the kind of media, and whether it has an ETag and depends on the client. */
async function kindOf(app: ReturnType<typeof testApp>, examplePath: string): Promise<string> {
  const answers = await Promise.all(
    [as.pythonRequests, as.curl, as.browser].map((headers) => send(app, examplePath, headers)),
  );
  return answers
    .map(({ headers }) => {
      const type = headers.get("content-type")?.split(";")[0] ?? "";
      const media = /[/+]json$/.test(type)
        ? "json"
        : type === "text/plain" || type === "text/html"
          ? type
          : "a format";
      const drawn = headers.get("vary")?.includes("User-Agent") ? " for the client" : "";
      return `${media}${drawn}${headers.has("etag") ? " with an ETag" : ""}`;
    })
    .join(", ");
}

/** The path a copy is served at: `uses` becomes `uses-copy`, `uses.txt` `uses-copy.txt`. */
const copiedPath = (path: string) => path.replace(/\/([^/.]+)([^/]*)$/, "/$1-copy$2");

/** The route file of a path, as the manifest's generator reads it (`/` is `index.ts`). */
const routeFile = (path: string) => `routes${path === "/" ? "/index" : path}.ts`;

/** A route's own tests, as tests/routes/own-tests.test.ts names them: `tests/routes/<its path>` and `<its path>.*`. */
const ownTestsFolder = (path: string) =>
  `tests/routes${dirname(path).replace("/.well-known", "/well-known")}`;

interface Copy {
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  readonly tests: string[];
}

/**
 * Copies the route at `path` into `project` as a new endpoint: its file under the new path,
 * its summary made its own, and its own tests renamed after it, asking for its path. Its
 * golden files are not copied: the copy's answers are its own, written as a developer
 * writes them (`bun run golden:update`).
 */
function copyRoute(project: string, path: string): { to: string; tests: string[] } {
  const to = copiedPath(path);
  const source = readFileSync(join(ROOT, routeFile(path)), "utf8");
  const summary = /summary: "([^"]+)"/.exec(source);
  if (!summary)
    throw new Error(`${routeFile(path)}: no summary written as one string to give the copy its own`);
  writeFileSync(join(project, routeFile(to)), source.replace(summary[0], `summary: "${summary[1]}, again"`));

  const folder = ownTestsFolder(path);
  const [name, newName] = [basename(path), basename(to)];
  const own = readdirSync(join(ROOT, folder)).filter((file) => file.startsWith(`${name}.`));
  const renamed = (file: string) => `${newName}${file.slice(name.length)}`;
  const tests: string[] = [];
  for (const file of own.filter((file) => file.endsWith(".test.ts"))) {
    let text = readFileSync(join(ROOT, folder, file), "utf8").replaceAll(path, to);
    for (const golden of own.filter((other) => !other.endsWith(".ts"))) {
      text = text.replaceAll(golden, renamed(golden));
    }
    writeFileSync(join(project, folder, renamed(file)), text);
    tests.push(`${folder}/${renamed(file)}`);
  }
  return { to, tests };
}

/** Runs `command` in the copy; throws with what it printed unless it exits 0. */
async function inCopy(command: string[], env: Record<string, string> = {}): Promise<void> {
  const ran = await runCommand(command, { cwd: project, env: { ...process.env, ...env } });
  if (ran.code !== 0) throw new Error(`${command.join(" ")} exited ${ran.code}:\n${ran.stdout}${ran.stderr}`);
}

let project: string;
const copies: Copy[] = [];

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), "copied-routes-"));
  // The whole tree as git has it: the docs' tests read the workflow, the Dockerfile and CI too.
  const tracked = Bun.spawnSync(["git", "ls-files"], { cwd: join(import.meta.dir, "..", "..") })
    .stdout.toString()
    .split("\n")
    .filter(Boolean);
  copyProject(
    project,
    [...new Set(tracked.map((file) => file.split("/")[0] as string))].filter((entry) => entry !== "content"),
  );
  rmSync(join(project, "tests", "artifacts"), { recursive: true, force: true });
  const app = testApp();
  const kinds = new Map<string, string>();
  for (const { method, path, examplePath, streams } of routeTableOf()) {
    if (method !== "GET" || streams || KEPT.has(path) || namedByHandle.has(path)) continue;
    const kind = await kindOf(app, examplePath);
    if (!kinds.has(kind)) kinds.set(kind, path);
  }
  for (const [kind, from] of kinds) copies.push({ kind, from, ...copyRoute(project, from) });
  // As a developer's clone: the manifests generated, the copies' golden files written, and
  // a commit (the version, the release's time and security.txt's expiry are read from git).
  await inCopy(["bun", "scripts/gen-routes.ts"]);
  await inCopy(["bun", "test", "--timeout", "20000", ...copies.flatMap(({ tests }) => tests)], {
    UPDATE_GOLDEN: "1",
  });
  await inCopy(["git", "init", "--quiet"]);
  await inCopy(["git", "add", "--all"]);
  await inCopy([
    "git",
    "-c",
    "user.name=Copy",
    "-c",
    "user.email=copy@example.invalid",
    "commit",
    "--quiet",
    "-m",
    "New endpoints",
  ]);
}, SUITES_MS);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

test(
  "one route of each kind, copied with its own tests, passes the suites that span the API",
  async () => {
    expect(copies.length).toBeGreaterThanOrEqual(5);
    const ran = await runCommand(
      ["bun", "test", "--timeout", "20000", ...SPANNING, ...copies.flatMap(({ tests }) => tests)],
      { cwd: project },
    );
    const failed = `${ran.stdout}\n${ran.stderr}`.split("\n").filter((line) => line.startsWith("(fail)"));
    const copied = copies.map(({ kind, from, to }) => `${from} as ${to} (${kind})`).join("; ");
    expect({ failed, code: ran.code }, `copied: ${copied}`).toEqual({ failed: [], code: 0 });
  },
  SUITES_MS,
);
