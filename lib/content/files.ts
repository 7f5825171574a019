/**
 * @module The content files, imported statically so that a compiled executable and
 * Deno both carry them inside the module graph; `validateContent` checks them.
 */
import now from "../../content/now.json" with { type: "json" };
import profile from "../../content/profile.json" with { type: "json" };
import quotes from "../../content/quotes.json" with { type: "json" };
import roasts from "../../content/roasts.json" with { type: "json" };
import site from "../../content/site.json" with { type: "json" };
import stack from "../../content/stack.json" with { type: "json" };
import type { RawContent } from "./validate.ts";

export const contentFiles: RawContent = { profile, now, quotes, roasts, stack, site };

// Replaced by `true` when `bun run build` has checked these files (`--define`).
declare const CONTENT_CHECKED_AT_BUILD: boolean | undefined;

/** True inside an executable whose build checked the very files it embeds. */
export const contentCheckedAtBuild: boolean =
  typeof CONTENT_CHECKED_AT_BUILD === "boolean" && CONTENT_CHECKED_AT_BUILD;
