/**
 * Compiles the Bun entry point, every route and all of content/ into one executable,
 * `dist/site`, with the git commit baked in (`GIT_COMMIT`, else `git rev-parse`).
 *
 *   bun run build                  dist/site, with bytecode
 *   bun run build --no-bytecode    without bytecode, for the start-up comparison
 *   bun run build --outfile PATH   elsewhere
 */
import { join, resolve } from "node:path";
import { builtInContent } from "../lib/content/files.ts";
import { ContentError, checkContentFiles } from "../lib/content/validate.ts";

const root = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const outIndex = args.indexOf("--outfile");
const outfile = outIndex >= 0 ? (args[outIndex + 1] ?? "dist/site") : "dist/site";

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
  bytecode: !args.includes("--no-bytecode"),
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
