/**
 * @module Visible width: how many terminal columns text takes, counted as terminals count
 * them (wcwidth, code point by code point): ANSI escape codes, controls, format characters
 * and non-spacing marks take none, East-Asian wide and fullwidth characters (emoji among
 * them) two, and everything else one, a spacing mark such as a Devanagari vowel sign too,
 * though it joins the letter before it. Text is cut and broken between grapheme clusters.
 *
 * Both tables are pure JavaScript (`get-east-asian-width`, `unicode-segmenter`), so ICU's
 * break rules, which `Intl.Segmenter` loads, stay out of memory
 * (docs/decisions/2026-11-25-memory-against-the-runtime.md).
 */
import { stripVTControlCharacters } from "node:util";
import { eastAsianWidth } from "get-east-asian-width";
import { splitGraphemes } from "unicode-segmenter/grapheme";

/** A code point a terminal draws in no column of its own. */
const ZERO_WIDTH =
  /[\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Nonspacing_Mark}\p{Enclosing_Mark}\p{Surrogate}]/u;

function codePointWidth(char: string): number {
  return ZERO_WIDTH.test(char) ? 0 : eastAsianWidth(char.codePointAt(0) ?? 0);
}

/**
 * Columns `text` occupies on a terminal. Terminals (tmux, xterm, VTE) give each code point
 * its own width rather than each grapheme cluster one, so a conjunct such as क्ष takes two
 * columns there, and a vowel sign such as ा one.
 */
export function visibleWidth(text: string): number {
  let columns = 0;
  for (const char of stripVTControlCharacters(text)) columns += codePointWidth(char);
  return columns;
}

/**
 * Cuts plain (uncoloured) text to at most `width` columns, ending in `…` when cut.
 * Never splits a grapheme, so a wide character is never left half-shown.
 */
export function truncate(text: string, width: number): string {
  if (width <= 0) return "";
  if (visibleWidth(text) <= width) return text;
  let out = "";
  let used = 0;
  for (const segment of splitGraphemes(text)) {
    const w = visibleWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** Pads text (coloured or not) with spaces on the right to exactly `width` columns. */
export function padEnd(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - visibleWidth(text)));
}

/** Where a person breaks a long word: after a URL's slashes and parameters first, then after dots and dashes. */
const BREAK_AFTER = [new Set(["/", "?", "&", "#", "="]), new Set([".", "-", "_"])] as const;

/**
 * Splits a word too wide for a line into pieces that fit: after a separator where there
 * is one (`https://github.com/` then `your-name`), otherwise between graphemes, so a
 * wide character is never split.
 */
function breakWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece: string[] = [];
  let used = 0;
  /** Where in `piece` the last separator of each strength ends: the places to break. */
  const breakAt = [0, 0];
  for (const segment of splitGraphemes(word)) {
    const w = visibleWidth(segment);
    if (piece.length > 0 && used + w > width) {
      const cut = breakAt.find((at) => at > 0) ?? piece.length;
      pieces.push(piece.slice(0, cut).join(""));
      piece = piece.slice(cut);
      used = visibleWidth(piece.join(""));
      breakAt.fill(0);
    }
    piece.push(segment);
    used += w;
    BREAK_AFTER.forEach((separators, strength) => {
      if (separators.has(segment)) breakAt[strength] = piece.length;
    });
  }
  if (piece.length > 0) pieces.push(piece.join(""));
  return pieces;
}

/** Word-wraps plain text into lines of at most `width` columns. */
export function wrap(text: string, width: number): string[] {
  return wrapRuns([{ text, draw: (plain) => plain }], width);
}

/** A piece of text and how it is drawn (its colour), for `wrapRuns`. */
export interface Run {
  readonly text: string;
  readonly draw: (text: string) => string;
}

/**
 * Word-wraps text made of differently drawn runs (`title`, ` · `, `place`) into lines of
 * at most `width` columns. The wrapping is decided on the plain text, then each line's
 * words are drawn with their run's style, so colour never changes the layout.
 */
export function wrapRuns(runs: readonly Run[], width: number): string[] {
  const words = runs.flatMap(({ text, draw }) =>
    text
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((word) =>
        (visibleWidth(word) > width ? breakWord(word, width) : [word]).map((piece) => ({ piece, draw })),
      ),
  );
  const lines: (typeof words)[] = [];
  let line: typeof words = [];
  let used = 0;
  for (const word of words) {
    const w = visibleWidth(word.piece);
    if (line.length > 0 && used + 1 + w > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    used += (line.length > 0 ? 1 : 0) + w;
    line.push(word);
  }
  if (line.length > 0) lines.push(line);
  return lines.map(drawLine);
}

/** A line's words, each run of words in one style drawn once. */
function drawLine(words: readonly { piece: string; draw: (text: string) => string }[]): string {
  let out = "";
  for (let i = 0; i < words.length; ) {
    const { draw } = words[i] as (typeof words)[number];
    let j = i;
    while (j < words.length && (words[j] as (typeof words)[number]).draw === draw) j++;
    out +=
      (i > 0 ? " " : "") +
      draw(
        words
          .slice(i, j)
          .map(({ piece }) => piece)
          .join(" "),
      );
    i = j;
  }
  return out;
}
