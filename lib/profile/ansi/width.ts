/**
 * @module Visible width: how many terminal columns text takes. ANSI escape codes take
 * none, East-Asian wide characters and most emoji take two (via `string-width`).
 */
import stringWidth from "string-width";

// Made on first use: creating a Segmenter loads ICU's break rules, a few milliseconds of
// start-up that only the terminal renderer needs, and only for text too wide to fit.
let segmenter: Intl.Segmenter | undefined;
function graphemes(text: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  return segmenter.segment(text);
}

/** Columns `text` occupies on a terminal. */
export function visibleWidth(text: string): number {
  return stringWidth(text);
}

/**
 * Cuts plain (uncoloured) text to at most `width` columns, ending in `…` when cut.
 * Never splits a grapheme, so a wide character is never left half-shown.
 */
export function truncate(text: string, width: number): string {
  if (width <= 0) return "";
  if (stringWidth(text) <= width) return text;
  let out = "";
  let used = 0;
  for (const { segment } of graphemes(text)) {
    const w = stringWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** Pads text (coloured or not) with spaces on the right to exactly `width` columns. */
export function padEnd(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - stringWidth(text)));
}

/** Splits a word too wide for a line into pieces that fit, at grapheme boundaries. */
function breakWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const { segment } of graphemes(word)) {
    if (piece && stringWidth(piece + segment) > width) {
      pieces.push(piece);
      piece = "";
    }
    piece += segment;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Word-wraps plain text into lines of at most `width` columns. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (const piece of stringWidth(word) > width ? breakWord(word, width) : [word]) {
      const candidate = line ? `${line} ${piece}` : piece;
      if (stringWidth(candidate) <= width) {
        line = candidate;
      } else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}
