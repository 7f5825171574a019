/**
 * @module Terminal layout parts. Each takes plain text, the width it may use and a style,
 * and returns lines that never exceed that width. Nothing is cut: what does not fit is
 * wrapped where a person would wrap it (between words, after a URL's slashes), and a label
 * too wide for its column goes on a line of its own. Text is measured before it is drawn,
 * so escape codes never change the layout, and every style draws the same text.
 */

import { padEnd, type Run, truncate, visibleWidth, wrap, wrapRuns } from "../../utils/width.ts";
import type { TimelineEntry } from "../model/layout.ts";
import type { Style } from "./style.ts";

const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/** `── Title ──────────` across the full width. */
export function heading(title: string, width: number, s: Style): string {
  const label = truncate(title, Math.max(0, width - 4));
  const tail = Math.max(0, width - visibleWidth(label) - 4);
  return `${s.rule("──")} ${s.heading(label)} ${s.rule("─".repeat(tail))}`;
}

/**
 * Lines that start in a column `column` wide: the first with `label` in it, the rest with
 * spaces. A label wider than its column takes lines of its own, wrapped to `width`.
 */
function labelled(
  label: string,
  lines: readonly string[],
  column: number,
  width: number,
  s: Style,
): string[] {
  const gap = " ".repeat(column);
  if (visibleWidth(label) > column - 1) {
    return [...wrap(label, width).map((line) => s.label(line)), ...lines.map((line) => gap + line)];
  }
  return lines.map((line, i) => (i === 0 ? s.label(padEnd(label, column)) : gap) + line);
}

/**
 * `key  value`, the value wrapped under itself. The value is text drawn in one role, or
 * runs drawn each in its own (`title` then `by author`).
 */
export function keyValue(
  key: string,
  value: string | readonly Run[],
  width: number,
  s: Style,
  { keyWidth = 10, role = "value" }: { keyWidth?: number; role?: "value" | "link" | "command" } = {},
): string[] {
  const column = Math.min(keyWidth + 1, Math.floor(width / 3));
  const runs = typeof value === "string" ? [{ text: value, draw: s[role] }] : value;
  return labelled(key, wrapRuns(runs, width - column), column, width, s);
}

const YEARS_WIDTH = 13;

/** One role on the career timeline: years, then title · place and the detail, wrapped beside them. */
export function timelineRow(entry: TimelineEntry, width: number, s: Style): string[] {
  const column = Math.min(YEARS_WIDTH, Math.floor(width / 3));
  const textWidth = width - column;
  const heading: Run[] = [
    { text: entry.title, draw: s.value },
    { text: "·", draw: s.muted },
    { text: entry.place, draw: s.accent },
  ];
  const lines = [
    ...wrapRuns(heading, textWidth),
    ...(entry.detail ? wrap(entry.detail, textWidth).map((line) => s.muted(line)) : []),
  ];
  return labelled(entry.years, lines, column, width, { ...s, label: s.years });
}

const NAME_WIDTH = 19;
const LEVEL_WIDTH = 4;

/**
 * A drawn bar with eighth-block precision, and the level (a whole percentage, 0 to 100)
 * as a number; a name too wide for its column goes on the line above the bar.
 */
export function skillBar(name: string, level: number, width: number, s: Style): string[] {
  const nameWidth = Math.min(NAME_WIDTH, Math.floor(width * 0.4));
  const barWidth = Math.max(1, width - nameWidth - LEVEL_WIDTH);
  const eighths = Math.round((level / 100) * barWidth * 8);
  const full = Math.floor(eighths / 8);
  const partial = EIGHTHS[eighths % 8] ?? "";
  const empty = barWidth - full - (partial ? 1 : 0);
  const bar = s.barFull("█".repeat(full) + partial) + s.barEmpty("░".repeat(empty));
  return labelled(name, [`${bar}${s.value(String(level).padStart(LEVEL_WIDTH))}`], nameWidth, width, s);
}

/** Columns between the terminal's edge and every drawing: each renderer draws inside this frame. */
export const FRAME_MARGIN = 2;

/** The columns a drawing has inside the frame of a terminal `width` columns wide. */
export const insideFrame = (width: number): number => width - FRAME_MARGIN;

/** Lines drawn inside the frame, as the text an answer sends: indented, and ending in a newline. */
export function framed(lines: readonly string[]): string {
  return `${indent(lines, FRAME_MARGIN).join("\n")}\n`;
}

/** Indents every line by `by` columns (the width given to the part must allow for it). */
export function indent(lines: readonly string[], by = 2): string[] {
  const pad = " ".repeat(by);
  return lines.map((line) => (line ? pad + line : line));
}
