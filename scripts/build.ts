/**
 * Regenerates the manifests (`bun run routes:gen`), then compiles the Bun entry point,
 * every route and all of content/ into one executable, `dist/site`, with the git commit
 * and its time baked in (`GIT_COMMIT` and `GIT_COMMIT_TIME`, else git).
 * `bun run build --help` prints the options, and does nothing else.
 */
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ContentError } from "../lib/content/site-content.ts";
import { CONSOLE, readCommandLine } from "../lib/runtime/command-line.ts";
import { loadConfig } from "../lib/runtime/config.ts";
import { createLog } from "../lib/runtime/log.ts";

const DEFAULT_OUTFILE = "dist/site";

const COMMAND = {
  name: "bun run build",
  usage: `usage: bun run build [--outfile PATH] [--no-bytecode]

Regenerates the manifests (bun run routes:gen), checks content/ as start-up
checks it, then compiles the Bun entry point, every route and all of content/
into one executable, with the git commit and its time baked in ($GIT_COMMIT
and $GIT_COMMIT_TIME, else git).

Options:
  --outfile PATH   where to write the executable (default: ${DEFAULT_OUTFILE})
  --no-bytecode    compile without bytecode, for the start-up comparison
  -h, --help       this text

Exit status:
  0  built
  1  content that start-up would refuse, or the compile failed
  2  a usage error`,
  options: { outfile: { type: "string" }, "no-bytecode": { type: "boolean" } },
  positionals: false,
} as const;

const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
if (read.exit !== undefined) process.exit(read.exit);
const root = join(import.meta.dir, "..");
const outfile = read.values.outfile ?? DEFAULT_OUTFILE;

// The manifests are written here, once the command line is read: `--help` writes nothing.
const manifests = Bun.spawnSync([process.execPath, join(root, "scripts", "gen-routes.ts")], {
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
});
if (manifests.exitCode !== 0) process.exit(1);

/** What git says of HEAD (`git log -1 --format=...`), or "" without git. */
function gitLog(format: string): string {
  const git = Bun.spawnSync(["git", "log", "-1", `--format=${format}`], { cwd: root, stderr: "ignore" });
  return git.exitCode === 0 ? git.stdout.toString().trim() : "";
}

function commit(): string {
  const fromEnv = process.env.GIT_COMMIT?.trim();
  if (fromEnv && /^[0-9a-f]{7,40}$/.test(fromEnv)) return fromEnv.slice(0, 12);
  return gitLog("%H").slice(0, 12) || "unknown";
}

/** When the commit was made (`GIT_COMMIT_TIME`, else git), else now: what security.txt's expiry counts from. */
function commitTime(): string {
  const time = process.env.GIT_COMMIT_TIME?.trim() || gitLog("%cI");
  return time && !Number.isNaN(Date.parse(time)) ? time : new Date().toISOString();
}

// Content that would not start makes no executable: the app is built as start-up builds
// it, every route reading and checking its content, and refused with the same one line.
// Imported now, once the manifests name the route files that are there.
const { createApp } = await import("../lib/app/app.ts");
const { SITE } = await import("../lib/features.ts");
try {
  createApp({
    ...SITE,
    config: loadConfig({}),
    env: {},
    log: createLog({ format: "json", out: () => {}, err: (text) => console.error(text) }),
  });
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`Cannot build: ${error.message}`);
  process.exit(1);
}

/**
 * The package files the features read while they run (fonts, wasm), which the executable
 * carries under their own file names for the entry point to find (`Bun.embeddedFiles`).
 */
function packageFiles(features: readonly { readonly packageFiles?: readonly string[] }[]): string[] {
  const paths = features.flatMap((feature) => feature.packageFiles ?? []);
  const names = new Set(paths.map((path) => basename(path)));
  if (names.size !== paths.length) throw new Error("two package files the features read share a file name");
  return paths.map((path) => fileURLToPath(import.meta.resolve(path)));
}

const sha = commit();
const build = await Bun.build({
  target: "bun",
  // Not minified: Elysia reads its hooks' parameter names to decide what each request's
  // context carries (the access log's `route`), and minified names hide them.
  entrypoints: [join(root, "server.ts"), ...packageFiles(SITE.features)],
  naming: { asset: "[name].[ext]" },
  compile: { outfile: resolve(root, outfile) },
  // Bytecode: the executable parses nothing at start-up (docs/performance.md).
  bytecode: !read.values["no-bytecode"],
  // What is imported only when asked for (the SSH door and ssh2, the preview image's
  // drawing, the MCP server) is a chunk of its own, loaded then: in the one bundle a site
  // would carry it in memory unused (docs/decisions/2026-11-27-doors.md). Splitting needs
  // ES modules.
  format: "esm",
  splitting: true,
  define: {
    BUILD_COMMIT: JSON.stringify(sha),
    // security.txt expires a fixed time after the release (lib/crawlers/security-txt.ts).
    BUILD_COMMIT_TIME: JSON.stringify(commitTime()),
  },
});
if (!build.success) {
  for (const log of build.logs) console.error(log);
  process.exit(1);
}
console.log(`${outfile}: commit ${sha}`);
