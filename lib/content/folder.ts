/**
 * @module Content read from a folder when the server starts (`CONTENT_DIR`), in place of
 * the `content/` files built into the app: another owner's content for the same code,
 * which is how the test suite runs on its fixture owners.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseContentFile } from "./parse.ts";
import {
  type Content,
  ContentError,
  type RawContent,
  readContentFiles,
  validateContent,
} from "./validate.ts";

/** Each content file of `dir`, parsed; throws `ContentError` naming a file that is missing or not JSON. */
export function readContentFolder(dir: string): RawContent {
  const read = (file: string): unknown => {
    let text: string;
    try {
      text = readFileSync(join(dir, file), "utf8");
    } catch (error) {
      throw new ContentError(
        file,
        "",
        `cannot be read (${(error as { code?: string }).code ?? "unreadable"})`,
      );
    }
    return parseContentFile(file, text);
  };
  return readContentFiles(read);
}

/** The content in `dir`, validated for this site; a mistake is a `ContentError` that names `dir`. */
export function contentFromFolder(dir: string, siteUrl: string): Content {
  try {
    return validateContent(readContentFolder(dir), siteUrl);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    throw error.inFolder(dir);
  }
}
