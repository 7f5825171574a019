/**
 * @module The terminal profile: the layout model drawn with the ANSI parts. What
 * `curl yoursite` shows.
 */
import { PROFILE_SECTIONS, type ProfileLayout, type SectionRenderers } from "../layout.ts";
import { heading, indent, keyValue, skillBar, timelineRow } from "./parts.ts";
import { style } from "./style.ts";
import { padEnd, truncate, visibleWidth, wrap } from "./width.ts";

/** The widest line the profile draws: 80 columns fits every terminal. */
export const PROFILE_WIDTH = 80;
const MARGIN = 2;

function header(layout: ProfileLayout, width: number): string[] {
  const { name, nativeName, role, tagline, location, localTime } = layout.header;
  const shownName = truncate(name, width);
  const native = nativeName ? truncate(nativeName, width - visibleWidth(shownName) - 2) : "";
  const clock = `${localTime.weekday} ${localTime.time} (${localTime.offset})`;
  return [
    `${style.name(shownName)}${native ? `  ${style.accent(native)}` : ""}`,
    style.value(truncate(`${role} · ${location}`, width)),
    `${style.label("local time")} ${style.value(truncate(clock, width - 11))}`,
    ...wrap(tagline, width).map((line) => style.muted(line)),
  ];
}

function status(layout: ProfileLayout, width: number): string[] {
  const { line, updated, building, learning } = layout.status;
  const stamp = `updated ${updated}`;
  const lineWidth = width - visibleWidth(stamp) - 3;
  const first = `${style.good("●")} ${style.value(padEnd(truncate(line, lineWidth), lineWidth))} ${style.muted(stamp)}`;
  return [
    first,
    ...building.flatMap((item, i) => keyValue(i === 0 ? "building" : "", item, width)),
    ...learning.flatMap((item, i) => keyValue(i === 0 ? "learning" : "", item, width)),
  ];
}

/**
 * What a terminal suggests next: the GET endpoints under /api/, less the profile the
 * reader is already looking at (a browser's page lists every endpoint instead).
 */
function worthTrying({ method, path }: { method: string; path: string }): boolean {
  return method === "GET" && path.startsWith("/api/") && path !== "/api/curl";
}

function tryNext(layout: ProfileLayout, width: number): string[] {
  const commands = layout.api.endpoints.filter(worthTrying);
  const commandWidth = Math.max(...commands.map(({ command }) => visibleWidth(command))) + 2;
  const sideBySide = commandWidth + 24 <= width;
  return commands.flatMap(({ command, summary }) =>
    sideBySide
      ? [
          `${style.command(padEnd(command, commandWidth))}${style.muted(truncate(summary, width - commandWidth))}`,
        ]
      : [style.command(truncate(command, width)), `  ${style.muted(truncate(summary, width - 2))}`],
  );
}

/** Each section's lines at a given width. */
function sections(width: number): SectionRenderers<string[]> {
  return {
    now: (layout) => status(layout, width),
    career: (layout) => layout.timeline.flatMap((entry) => timelineRow(entry, width)),
    skills: (layout) => layout.skills.map(({ name, level }) => skillBar(name, level, width)),
    links: (layout) => layout.links.flatMap(({ label, url }) => keyValue(label, url, width, 10, style.link)),
    try: (layout) => tryNext(layout, width),
  };
}

/** Renders the profile in colour, at most `width` visible columns per line. */
export function renderProfile(layout: ProfileLayout, width = PROFILE_WIDTH): string {
  const inner = width - MARGIN;
  const draw = sections(inner);
  const lines = [
    "",
    ...header(layout, inner),
    ...PROFILE_SECTIONS.flatMap(({ id, title }) => ["", heading(title, inner), ...draw[id](layout)]),
    "",
  ];
  return `${indent(lines, MARGIN).join("\n")}\n`;
}
