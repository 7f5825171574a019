/**
 * Prints the site's public URL as fly.toml sets it (`[env] SITE_URL`): the one place it
 * is written, which the deploy workflow reads too.
 *
 *   bun run site-url [--config PATH]     PATH defaults to fly.toml
 *
 * Exit status: 0 printed; 1 the file sets no https SITE_URL; 2 usage error, or the file
 * cannot be read.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const USAGE = `usage: bun run site-url [--config PATH]
Prints [env] SITE_URL from fly.toml (or PATH).
Exit status: 0 printed; 1 no https SITE_URL in the file; 2 usage error or unreadable file.`;

function main(args: string[]): number {
  let options: { config?: string; help?: boolean };
  try {
    options = parseArgs({
      args,
      options: { config: { type: "string" }, help: { type: "boolean" } },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`site-url: ${(error as Error).message}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const path = options.config ?? join(import.meta.dir, "..", "fly.toml");
  let fly: { env?: { SITE_URL?: unknown } };
  try {
    fly = Bun.TOML.parse(readFileSync(path, "utf8")) as typeof fly;
  } catch (error) {
    console.error(`site-url: cannot read ${path}: ${(error as Error).message}`);
    return 2;
  }
  const url = fly.env?.SITE_URL;
  if (typeof url !== "string" || !URL.canParse(url) || new URL(url).protocol !== "https:") {
    console.error(`site-url: ${path} sets no https SITE_URL in [env]`);
    return 1;
  }
  console.log(new URL(url).origin);
  return 0;
}

if (import.meta.main) process.exit(main(process.argv.slice(2)));
