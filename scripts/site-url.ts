/**
 * Prints the site's public URL as fly.toml sets it (`[env] SITE_URL`): the one place it
 * is written, which the deploy workflow reads too. fly.toml ships with a placeholder, no
 * one's site: while it is still there, this says so and fails, so that no deploy sends
 * readers, links and search engines to it.
 *
 *   bun run site-url [--config PATH]     PATH defaults to fly.toml
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  CONSOLE,
  type CommandOutput,
  readCommandLine,
  shownPath,
  USAGE_ERROR,
} from "../lib/runtime/command-line.ts";
import { ConfigError, siteOrigin } from "../lib/runtime/config.ts";

/** fly.toml's `[env] SITE_URL` as the project ships it: a sample app's address, not the owner's. */
export const PLACEHOLDER_URL = "https://my-site-api.fly.dev";

/** The project's fly.toml. */
export const FLY_TOML = join(import.meta.dir, "..", "fly.toml");

/** What a fly.toml says of the site: the app's name and `[env] SITE_URL`, as written (trimmed). */
export interface FlyTomlSite {
  readonly app: string | undefined;
  readonly siteUrl: string | undefined;
}

/** Reads `path`; throws when it cannot be read or is not TOML. */
export function flyTomlSite(path = FLY_TOML): FlyTomlSite {
  const fly = Bun.TOML.parse(readFileSync(path, "utf8")) as { app?: unknown; env?: { SITE_URL?: unknown } };
  const url = fly.env?.SITE_URL;
  return {
    app: typeof fly.app === "string" ? fly.app : undefined,
    siteUrl: typeof url === "string" && url.trim() !== "" ? url.trim() : undefined,
  };
}

const COMMAND = {
  name: "bun run site-url",
  usage: `usage: bun run site-url [--config PATH]

Prints the site's public URL as fly.toml sets it ([env] SITE_URL), the one place
it is written: the deploy workflow reads it with this command. The placeholder
fly.toml ships with, ${PLACEHOLDER_URL}, is printed all the same,
then a line on stderr says how to set yours, and the status is 1: a deploy to
the placeholder would send readers, links and search engines to no one's site.

Options:
  --config PATH  the Fly configuration to read (default: fly.toml)
  -h, --help     this text

The URL must be an origin, as the server takes it: one with a path is refused.

Exit status:
  0  printed
  1  the file sets no https SITE_URL in [env], one the server refuses, or still
     the placeholder
  2  a usage error, or the file cannot be read`,
  options: { config: { type: "string" } },
  positionals: false,
} as const;

/** Runs the command; resolves to its exit status. */
export function siteUrl(args: readonly string[], output: CommandOutput): number {
  const read = readCommandLine(args, COMMAND, output);
  if (read.exit !== undefined) return read.exit;
  const path = read.values.config ?? FLY_TOML;
  let fly: FlyTomlSite;
  try {
    fly = flyTomlSite(path);
  } catch (error) {
    output.err(`site-url: cannot read ${path}: ${(error as Error).message}`);
    return USAGE_ERROR;
  }
  const url = fly.siteUrl;
  if (url === undefined || !URL.canParse(url) || new URL(url).protocol !== "https:") {
    output.err(`site-url: ${path} sets no https SITE_URL in [env]`);
    return 1;
  }
  let origin: string;
  try {
    origin = siteOrigin(url, `${path}'s [env] SITE_URL`);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.err(`site-url: ${error.message}; the server would not start with it`);
    return 1;
  }
  output.out(origin);
  if (origin !== PLACEHOLDER_URL) return 0;
  // `fly launch` has written the app's name, and with it the address Fly gives the app.
  const launched = fly.app !== undefined && `https://${fly.app}.fly.dev` !== PLACEHOLDER_URL;
  const example = `https://${launched ? fly.app : "<app>"}.fly.dev`;
  output.err(
    `site-url: ${shownPath(path)} still has the placeholder SITE_URL, ${PLACEHOLDER_URL}: set [env] ` +
      `SITE_URL there to your site's origin, e.g. ${example} (docs/deploy.md)`,
  );
  return 1;
}

if (import.meta.main) {
  process.exit(siteUrl(process.argv.slice(2), CONSOLE));
}
