/**
 * @module A stranger's text made fit to show on one line: escape sequences taken out whole
 * (not left as `[31m`), every other character that makes a line read other than it is
 * written replaced by a space (`one-line-text.ts`), spaces collapsed, and cut to a length
 * at a whole character as a person counts them (a grapheme: never half an emoji, never a
 * lone surrogate that XML or a terminal would choke on).
 */
import { onOneLine } from "./one-line-text.ts";

/** An escape sequence: ECMA-48's CSI, OSC, and the two-byte ones. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what this finds.
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-_])/g;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** How many characters a person counts in `text`: its graphemes. */
export function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

/** `text` cut to at most `max` graphemes, its last one `…` when cut. */
export function cutText(text: string, max: number): string {
  const parts: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    if (parts.length === max) {
      parts[max - 1] = "…";
      return parts.join("");
    }
    parts.push(segment);
  }
  return text;
}

/** `text` on one line, its spaces collapsed, at most `max` graphemes. */
export function shownText(text: string, max: number): string {
  const clean = onOneLine(text.replace(ESCAPE_SEQUENCE, "")).replace(/\s+/g, " ").trim();
  return cutText(clean, max).trimEnd();
}
