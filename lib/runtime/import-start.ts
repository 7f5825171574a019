/**
 * @module Loads `start.ts`, and with it the app and the content files. Those files are
 * imported statically, so a JSON syntax error in one fails the import itself, with a
 * message that names no file: this finds the file and refuses to start in one line,
 * with its line and column (`lib/content/parse.ts`).
 * `bun run build` swaps this module for a static import: the build has parsed the files.
 */
import type { Runtime } from "./start.ts";

const CONTENT_DIR = new URL("../../content/", import.meta.url);

/** `content/<file>:<line>:<column>: <what>` for the first file that does not parse. */
export async function unparsableContentFile(dir: URL = CONTENT_DIR): Promise<string | undefined> {
  // Fetched, not imported: only a failed start reads the folder.
  const { readdirSync, readFileSync } = process.getBuiltinModule("node:fs");
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort();
  } catch {
    return undefined; // Inside an executable there is no folder: the build parsed them.
  }
  const { parseContentFile } = await import("../content/parse.ts");
  for (const file of files) {
    try {
      parseContentFile(file, readFileSync(new URL(file, dir), "utf8"));
    } catch (error) {
      return (error as Error).message;
    }
  }
  return undefined;
}

export async function importStart(runtime: Runtime): Promise<typeof import("./start.ts")> {
  try {
    return await import("./start.ts");
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    runtime.err(`Cannot start: ${(await unparsableContentFile()) ?? error.message}`);
    return runtime.exit(1);
  }
}
