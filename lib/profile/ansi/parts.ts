/**
 * @module Terminal layout parts. Each takes plain text and the width it may use, and
 * returns styled lines that never exceed that width: text is measured and cut before
 * it is coloured, so escape codes never distort the arithmetic. Fixed columns (keys,
 * years, skill names) shrink on narrow widths; the bound holds from 8 columns up.
 */
import { style } from "./style.ts";
import { padEnd, truncate, visibleWidth, wrap } from "./width.ts";

const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/** `── Title ──────────` across the full width. */
export function heading(title: string, width: number): string {
  const label = truncate(title, Math.max(0, width - 4));
  const tail = Math.max(0, width - visibleWidth(label) - 4);
  return `${style.rule("──")} ${style.heading(label)} ${style.rule("─".repeat(tail))}`;
}

/** A horizontal rule. */
export function rule(width: number): string {
  return style.rule("─".repeat(Math.max(0, width)));
}

/** `key  value`, the value wrapped under itself when it is long. */
export function keyValue(
  key: string,
  value: string,
  width: number,
  keyWidth = 10,
  valueStyle: (text: string) => string = style.value,
): string[] {
  const column = Math.min(keyWidth, Math.floor(width / 3));
  const valueWidth = Math.max(2, width - column - 1);
  const label = padEnd(truncate(key, column), column);
  return wrap(value, valueWidth).map(
    (line, i) => `${i === 0 ? style.label(label) : " ".repeat(column)} ${valueStyle(line)}`,
  );
}

export interface TimelineEntry {
  /** `2021 – now` */
  readonly years: string;
  readonly title: string;
  readonly place: string;
  readonly detail?: string;
}

const YEARS_WIDTH = 13;

/** One role on the career timeline: years, title · place, then the detail, muted. */
export function timelineRow(entry: TimelineEntry, width: number): string[] {
  const column = Math.min(YEARS_WIDTH, Math.floor(width / 3));
  const textWidth = Math.max(2, width - column);
  const years = padEnd(truncate(entry.years, column - 1), column);
  const title = truncate(entry.title, textWidth);
  const place = truncate(entry.place, Math.max(0, textWidth - visibleWidth(title) - 3));
  const first = `${style.years(years)}${style.value(title)}${place ? `${style.muted(" · ")}${style.accent(place)}` : ""}`;
  const detail = entry.detail ? wrap(entry.detail, textWidth) : [];
  return [first, ...detail.map((line) => `${" ".repeat(column)}${style.muted(line)}`)];
}

const NAME_WIDTH = 19;
const LEVEL_WIDTH = 4;

/** A drawn bar with eighth-block precision, and the level (a whole percentage, 0 to 100) as a number. */
export function skillBar(name: string, level: number, width: number): string {
  const nameWidth = Math.min(NAME_WIDTH, Math.floor(width * 0.4));
  const barWidth = Math.max(1, width - nameWidth - LEVEL_WIDTH);
  const eighths = Math.round((level / 100) * barWidth * 8);
  const full = Math.floor(eighths / 8);
  const partial = EIGHTHS[eighths % 8] ?? "";
  const empty = barWidth - full - (partial ? 1 : 0);
  const bar = style.barFull("█".repeat(full) + partial) + style.barEmpty("░".repeat(empty));
  const label = padEnd(truncate(name, nameWidth - 1), nameWidth);
  return `${style.label(label)}${bar}${style.value(String(level).padStart(LEVEL_WIDTH))}`;
}

/** Indents every line by `by` columns (the width given to the part must allow for it). */
export function indent(lines: readonly string[], by = 2): string[] {
  const pad = " ".repeat(by);
  return lines.map((line) => (line ? pad + line : line));
}
