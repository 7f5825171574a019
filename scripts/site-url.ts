/**
 * Prints the site's public URL as fly.toml sets it (`[env] SITE_URL`): the one place it
 * is written, which the deploy workflow reads too.
 *
 *   bun run site-url [--config PATH]     PATH defaults to fly.toml
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONSOLE, type CommandOutput, readCommandLine, USAGE_ERROR } from "../lib/runtime/command-line.ts";

const COMMAND = {
  name: "bun run site-url",
  usage: `usage: bun run site-url [--config PATH]

Prints the site's public URL as fly.toml sets it ([env] SITE_URL), the one place
it is written: the deploy workflow reads it with this command.

Options:
  --config PATH  the Fly configuration to read (default: fly.toml)
  -h, --help     this text

Exit status:
  0  printed
  1  the file sets no https SITE_URL in [env]
  2  a usage error, or the file cannot be read`,
  options: { config: { type: "string" } },
  positionals: false,
} as const;

/** Runs the command; resolves to its exit status. */
export function siteUrl(args: readonly string[], output: CommandOutput): number {
  const read = readCommandLine(args, COMMAND, output);
  if (read.exit !== undefined) return read.exit;
  const path = read.values.config ?? join(import.meta.dir, "..", "fly.toml");
  let fly: { env?: { SITE_URL?: unknown } };
  try {
    fly = Bun.TOML.parse(readFileSync(path, "utf8")) as typeof fly;
  } catch (error) {
    output.err(`site-url: cannot read ${path}: ${(error as Error).message}`);
    return USAGE_ERROR;
  }
  const url = fly.env?.SITE_URL;
  if (typeof url !== "string" || !URL.canParse(url) || new URL(url).protocol !== "https:") {
    output.err(`site-url: ${path} sets no https SITE_URL in [env]`);
    return 1;
  }
  output.out(new URL(url).origin);
  return 0;
}

if (import.meta.main) {
  process.exit(siteUrl(process.argv.slice(2), CONSOLE));
}
