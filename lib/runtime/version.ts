/** @module The running version: package.json's version and the git commit it was built from. */
import { execFileSync } from "node:child_process";
import pkg from "../../package.json" with { type: "json" };

// Replaced by string literals when `bun run build` compiles the executable (`--define`).
declare const BUILD_COMMIT: string | undefined;
declare const BUILD_TIME: string | undefined;

/** From source: ask git once at start-up; no git, no repository → "unknown". */
function commitFromGit(): string {
  try {
    const out = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], {
      cwd: import.meta.dirname,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 2000,
    });
    return /^[0-9a-f]{7,40}$/.test(out.trim()) ? out.trim() : "unknown";
  } catch {
    return "unknown";
  }
}

/** The short commit hash, e.g. `6edf736a1b2c`, or "unknown". */
export const COMMIT: string = typeof BUILD_COMMIT === "string" ? BUILD_COMMIT : commitFromGit();

export const PACKAGE_VERSION: string = pkg.version;

/** What `/api/ping` and `--version` report: semver with the commit as build metadata. */
export const VERSION = `${PACKAGE_VERSION}+${COMMIT}`;

/** When the executable was built; undefined from source, where there is no build. */
export const BUILT_AT: Date | undefined = typeof BUILD_TIME === "string" ? new Date(BUILD_TIME) : undefined;
