/**
 * Regenerates the route manifest, then compiles the Bun entry point, every route and all
 * of content/ into one executable, `dist/site`, with the git commit baked in (`GIT_COMMIT`,
 * else `git rev-parse`). `bun run build --help` prints the options, and does nothing else.
 */
import { join, resolve } from "node:path";
import { builtInContent } from "../lib/content/files.ts";
import { ContentError, checkContentFiles } from "../lib/content/validate.ts";
import { CONSOLE, readCommandLine } from "../lib/runtime/command-line.ts";

const DEFAULT_OUTFILE = "dist/site";

const COMMAND = {
  name: "bun run build",
  usage: `usage: bun run build [--outfile PATH] [--no-bytecode]

Regenerates the route manifest (bun run routes:gen), checks content/ as
start-up checks it, then compiles the Bun entry point, every route and all of
content/ into one executable, with the git commit baked in ($GIT_COMMIT, else
git rev-parse).

Options:
  --outfile PATH   where to write the executable (default: ${DEFAULT_OUTFILE})
  --no-bytecode    compile without bytecode, for the start-up comparison
  -h, --help       this text

Exit status:
  0  built
  1  routes/ could not be read into the manifest, content that start-up would
     refuse, or the compile failed
  2  a usage error`,
  options: { outfile: { type: "string" }, "no-bytecode": { type: "boolean" } },
  positionals: false,
} as const;

const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
if (read.exit !== undefined) process.exit(read.exit);
const root = join(import.meta.dir, "..");
const outfile = read.values.outfile ?? DEFAULT_OUTFILE;

// The manifest is written here, once the command line is read: `--help` writes nothing.
const routes = Bun.spawnSync([process.execPath, join(root, "scripts", "gen-routes.ts")], {
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
});
if (routes.exitCode !== 0) process.exit(1);

function commit(): string {
  const fromEnv = process.env.GIT_COMMIT?.trim();
  if (fromEnv && /^[0-9a-f]{7,40}$/.test(fromEnv)) return fromEnv.slice(0, 12);
  const git = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { cwd: root, stderr: "ignore" });
  const out = git.stdout.toString().trim();
  return git.exitCode === 0 && out ? out : "unknown";
}

// Content that would not start makes no executable: the same checks, the same one line.
try {
  checkContentFiles(builtInContent());
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`Cannot build: ${error.message}`);
  process.exit(1);
}

const sha = commit();
const build = await Bun.build({
  target: "bun",
  // Not minified: Elysia reads its hooks' parameter names to decide what each request's
  // context carries (the access log's `route`), and minified names hide them.
  entrypoints: [join(root, "server.ts")],
  compile: { outfile: resolve(root, outfile) },
  // Bytecode: the executable parses nothing at start-up (docs/performance.md).
  bytecode: !read.values["no-bytecode"],
  define: {
    BUILD_COMMIT: JSON.stringify(sha),
    // security.txt expires a fixed time after the build (lib/crawlers/security-txt.ts).
    BUILD_TIME: JSON.stringify(new Date().toISOString()),
    // Checked above: the executable need not check them again at every start.
    CONTENT_CHECKED_AT_BUILD: "true",
  },
});
if (!build.success) {
  for (const log of build.logs) console.error(log);
  process.exit(1);
}
console.log(`${outfile}: commit ${sha}`);
