/**
 * Compiles the Bun entry point, every route and all of content/ into one executable,
 * `dist/site`, with the git commit baked in (`GIT_COMMIT`, else `git rev-parse`).
 *
 *   bun run build                  dist/site (with bytecode, lazy imports as chunks of their own)
 *   bun run build --no-bytecode    without bytecode, for the start-up comparison
 *   bun run build --outfile PATH   elsewhere
 */
import { join, resolve } from "node:path";
import type { BunPlugin } from "bun";
import { contentFiles } from "../lib/content/files.ts";
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

/**
 * Imports `lib/runtime/start.ts` statically. From source, the entry points import it
 * dynamically (`lib/runtime/import-start.ts`) only to name a content file that is not
 * valid JSON; the build has parsed them all. A dynamic import would make the bundler
 * wrap every module of the app in a lazy initialiser, which costs resident memory idle
 * (docs/decisions/2026-11-21-start-up-deferred.md).
 */
const staticStart: BunPlugin = {
  name: "static-start",
  setup(build) {
    build.onLoad({ filter: /[\\/]lib[\\/]runtime[\\/]import-start\.ts$/ }, () => ({
      loader: "ts",
      contents: `import * as start from "./start.ts";\nexport const importStart = async () => start;\n`,
    }));
  },
};

// The executable embeds content/ and skips checking it at start-up: check it here.
try {
  checkContentFiles(contentFiles);
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
  // Each `import()` of a bundled file becomes a chunk of its own inside the executable,
  // loaded when the import runs: the terminal renderer (with qrcode, ansis, string-width)
  // and Elysia's file-type check stay out of start-up. In one file, their wrappers cost
  // about 1 MB of idle memory though they never ran
  // (docs/decisions/2026-11-23-idle-memory-of-the-formats.md). Splitting needs ES modules.
  format: "esm",
  splitting: true,
  define: {
    BUILD_COMMIT: JSON.stringify(sha),
    // security.txt expires a fixed time after the build (lib/crawlers/security-txt.ts).
    BUILD_TIME: JSON.stringify(new Date().toISOString()),
    CONTENT_CHECKED_AT_BUILD: "true",
  },
  plugins: [staticStart],
});
if (!build.success) {
  for (const log of build.logs) console.error(log);
  process.exit(1);
}
console.log(`${outfile}: commit ${sha}`);
