/**
 * @module The running version: package.json's version, the git commit it was built from,
 * and when that commit was made.
 */
import { execFileSync } from "node:child_process";
import pkg from "../../package.json" with { type: "json" };

// Replaced by string literals when `bun run build` compiles the executable (`--define`).
declare const BUILD_COMMIT: string | undefined;
declare const BUILD_COMMIT_TIME: string | undefined;

/** From source: ask git once at start-up for the commit and its time; no git, no repository → nothing. */
function fromGit(): { commit: string; time: string } | undefined {
  try {
    const out = execFileSync("git", ["log", "-1", "--format=%H %cI"], {
      cwd: import.meta.dirname,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 2000,
    });
    const [hash = "", time = ""] = out.trim().split(" ");
    return /^[0-9a-f]{40}$/.test(hash) ? { commit: hash.slice(0, 12), time } : undefined;
  } catch {
    return undefined;
  }
}

const built = typeof BUILD_COMMIT === "string";
const git = built ? undefined : fromGit();

/** The short commit hash, e.g. `6edf736a1b2c`, or "unknown". */
export const COMMIT: string = built ? (BUILD_COMMIT as string) : (git?.commit ?? "unknown");

export const PACKAGE_VERSION: string = pkg.version;

/** What `/api/ping` and `--version` report: semver with the commit as build metadata. */
export const VERSION = `${PACKAGE_VERSION}+${COMMIT}`;

/**
 * When the running release was made: its commit's time, as git says it from source or as
 * the build baked it in (the build's own time when it had no commit); undefined when
 * neither knows, as from a copy of the source without git.
 */
export const RELEASED_AT: Date | undefined = (() => {
  const time = built ? (typeof BUILD_COMMIT_TIME === "string" ? BUILD_COMMIT_TIME : undefined) : git?.time;
  return time && !Number.isNaN(Date.parse(time)) ? new Date(time) : undefined;
})();
