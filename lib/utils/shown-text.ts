/**
 * @module A stranger's text made fit to show on one line: escape sequences taken out whole
 * (not left as `[31m`), every other character that makes a line read other than it is
 * written replaced by a space (`one-line-text.ts`), spaces collapsed, and cut to a length
 * at a whole character as a person counts them (a grapheme: never half an emoji, never a
 * lone surrogate that XML or a terminal would choke on). Graphemes as `unicode-segmenter`
 * splits them (Unicode's extended grapheme clusters, in JavaScript): `Intl.Segmenter`
 * would load ICU's break rules into memory.
 */
import { splitGraphemes } from "unicode-segmenter/grapheme";
import { onOneLine } from "./one-line-text.ts";

/** An escape sequence: ECMA-48's CSI, OSC, and the two-byte ones. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what this finds.
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-_])/g;

/** How many characters a person counts in `text`: its graphemes. */
export function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of splitGraphemes(text)) count++;
  return count;
}

/** `text` cut to at most `max` graphemes, its last one `…` when cut. */
export function cutText(text: string, max: number): string {
  const parts: string[] = [];
  for (const grapheme of splitGraphemes(text)) {
    if (parts.length === max) {
      parts[max - 1] = "…";
      return parts.join("");
    }
    parts.push(grapheme);
  }
  return text;
}

/** `text` on one line, its spaces collapsed, at most `max` graphemes. */
export function shownText(text: string, max: number): string {
  const clean = onOneLine(text.replace(ESCAPE_SEQUENCE, "")).replace(/\s+/g, " ").trim();
  return cutText(clean, max).trimEnd();
}
