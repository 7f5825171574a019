/**
 * @module The built-in content: the files of `content/`, imported as text so that a
 * compiled executable and Deno carry them inside the module graph, and parsed when the
 * app is built, so that a syntax error is a one-line refusal with its line and column
 * (`parse.ts`) rather than a failed import.
 */
import now from "../../content/now.json" with { type: "text" };
import profile from "../../content/profile.json" with { type: "text" };
import quotes from "../../content/quotes.json" with { type: "text" };
import roasts from "../../content/roasts.json" with { type: "text" };
import site from "../../content/site.json" with { type: "text" };
import stack from "../../content/stack.json" with { type: "text" };
import { parseContentFile } from "./parse.ts";
import { type RawContent, readContentFiles } from "./validate.ts";

/** Each file's text. TypeScript does not read import attributes: it types a .json import as its value. */
const TEXTS = { profile, now, quotes, roasts, stack, site } as unknown as Record<keyof RawContent, string>;

// Replaced by `true` when `bun run build` has checked these files (`--define`).
declare const CONTENT_CHECKED_AT_BUILD: boolean | undefined;

/**
 * True inside an executable whose build checked the very files it embeds: start-up may
 * skip checking them again (docs/decisions/2026-11-25-start-up-tricks-measured.md).
 */
export const contentCheckedAtBuild: boolean =
  typeof CONTENT_CHECKED_AT_BUILD === "boolean" && CONTENT_CHECKED_AT_BUILD;

/** The built-in files, parsed; throws `ContentError` naming a file that is not valid JSON. */
export function builtInContent(): RawContent {
  return readContentFiles((fileName, key) => parseContentFile(fileName, TEXTS[key]));
}
