/**
 * @module Commands a reader copies into a shell, drawn so that what is pasted runs. A
 * command is never broken inside a word: one wider than the line is broken between
 * words, each line but the last ending in ` \`, so the pasted lines stay one command; a
 * word wider than the line (a long URL) stands whole on a line of its own, the one line
 * a text answer lets run past its width. What a command does goes beside it only with
 * `GAP` spaces or more between them, otherwise on the line below, indented.
 */

import { padEnd, visibleWidth, wrap } from "../../utils/width.ts";
import type { Style } from "./style.ts";

/** Spaces that keep a command apart from what it does, when both share a line. */
export const GAP = 3;
/** Where a continued command's later lines start: deeper than the line saying what it does. */
const CONTINUATION_INDENT = 4;
/** Where what a command does starts, on the lines below it. */
const EXPLANATION_INDENT = 2;
/** Columns what a command does needs beside it to read as a phrase rather than a list of words. */
const EXPLANATION_ROOM = 30;
const CONTINUED = " \\";

/**
 * A command's shell words: split at spaces, never inside quotes.
 * @example shellWords("curl -H 'Accept: text/vcard' URL") // ["curl", "-H", "'Accept: text/vcard'", "URL"]
 */
export function shellWords(command: string): string[] {
  return command.match(/(?:[^\s'"]+|'[^']*'|"[^"]*")+/g) ?? [];
}

/**
 * The command in lines of at most `width` columns: whole when it fits; otherwise its words
 * packed, each line but the last continued with ` \`, the later lines indented. A word
 * wider than a line has a line to itself, wider than `width`. The command is text, split
 * into its shell words, or words already grouped where a line should not break
 * (`-o card.vcf`).
 */
export function commandLines(command: string | readonly string[], width: number, s: Style): string[] {
  const words = typeof command === "string" ? shellWords(command) : command;
  const whole = words.join(" ");
  if (visibleWidth(whole) <= width) return [s.command(whole)];
  const lines: string[][] = [];
  let line: string[] = [];
  words.forEach((word, i) => {
    const room = width - (lines.length > 0 ? CONTINUATION_INDENT : 0);
    const mark = i === words.length - 1 ? 0 : CONTINUED.length;
    if (line.length > 0 && visibleWidth([...line, word].join(" ")) + mark > room) {
      lines.push(line);
      line = [];
    }
    line.push(word);
  });
  lines.push(line);
  const continuation = " ".repeat(CONTINUATION_INDENT);
  return lines.map(
    (words, i) =>
      (i > 0 ? continuation : "") + s.command(words.join(" ") + (i < lines.length - 1 ? CONTINUED : "")),
  );
}

/** A command to try and what it does. */
export interface CommandEntry {
  readonly command: string;
  readonly why: string;
}

/**
 * Commands and what each does, in a list: side by side, what they do in a column of its
 * own, when a command leaves `GAP` spaces and room enough beside it; otherwise what it
 * does on the line below the command, indented.
 */
export function commandList(entries: readonly CommandEntry[], width: number, s: Style): string[] {
  // The column fits every command that leaves room beside it; a longer one has what it
  // does on the line below instead.
  const fitting = entries
    .map(({ command }) => visibleWidth(command) + GAP)
    .filter((column) => column + EXPLANATION_ROOM <= width);
  const column = Math.max(0, ...fitting);
  return entries.flatMap(({ command, why }) => {
    if (column > 0 && visibleWidth(command) + GAP <= column) {
      const explanation = wrap(why, width - column).map((line) => s.muted(line));
      return explanation.map((line, i) =>
        i === 0 ? padEnd(s.command(command), column) + line : " ".repeat(column) + line,
      );
    }
    const pad = " ".repeat(EXPLANATION_INDENT);
    return [
      ...commandLines(command, width, s),
      ...wrap(why, width - EXPLANATION_INDENT).map((line) => pad + s.muted(line)),
    ];
  });
}
