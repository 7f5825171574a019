/**
 * @module The terminal profile: the layout model drawn with the ANSI parts, at any width
 * from 40 columns up. What `curl yoursite` shows.
 */
import { PROFILE_SECTIONS, type ProfileLayout, type SectionRenderers } from "../layout.ts";
import { heading, indent, keyValue, skillBar, timelineRow, tryLine } from "./parts.ts";
import type { Style } from "./style.ts";
import { padEnd, visibleWidth, wrap, wrapRuns } from "./width.ts";

const MARGIN = 2;

function header(layout: ProfileLayout, width: number, s: Style): string[] {
  const { name, nativeName, role, tagline, location, localTime } = layout.header;
  const both = nativeName ? `${name}  ${nativeName}` : name;
  const names =
    visibleWidth(both) <= width
      ? [`${s.name(name)}${nativeName ? `  ${s.accent(nativeName)}` : ""}`]
      : [
          ...wrap(name, width).map((line) => s.name(line)),
          ...(nativeName ? wrap(nativeName, width) : []).map((line) => s.accent(line)),
        ];
  return [
    ...names,
    ...wrap(`${role} · ${location}`, width).map((line) => s.value(line)),
    ...wrapRuns(
      [
        { text: "local time", draw: s.label },
        { text: `${localTime.weekday} ${localTime.time} (${localTime.offset})`, draw: s.value },
      ],
      width,
    ),
    ...wrap(tagline, width).map((line) => s.muted(line)),
  ];
}

function status(layout: ProfileLayout, width: number, s: Style): string[] {
  const { line, updated, building, learning } = layout.status;
  const stamp = `updated ${updated}`;
  const lineWidth = width - visibleWidth(stamp) - 3;
  const first =
    visibleWidth(line) <= lineWidth
      ? [`${s.good("●")} ${s.value(padEnd(line, lineWidth))} ${s.muted(stamp)}`]
      : [
          ...wrapRuns(
            [
              { text: "●", draw: s.good },
              { text: line, draw: s.value },
            ],
            width,
          ),
          s.muted(stamp),
        ];
  return [
    ...first,
    ...building.flatMap((item, i) => keyValue(i === 0 ? "building" : "", item, width, s)),
    ...learning.flatMap((item, i) => keyValue(i === 0 ? "learning" : "", item, width, s)),
  ];
}

/**
 * What a terminal suggests next: the GET endpoints, less the profile the reader is
 * already looking at (a browser's page lists every endpoint instead); the API's first,
 * then the files for crawlers (robots.txt, the sitemap, security.txt).
 */
/** Columns a summary needs beside its command to read as a phrase rather than a list of words. */
const SUMMARY_ROOM = 30;

function worthTrying({ method, path }: { method: string; path: string }): boolean {
  return method === "GET" && path !== "/" && path !== "/api/curl";
}

function tryNext(layout: ProfileLayout, width: number, s: Style): string[] {
  const worth = layout.api.endpoints.filter(worthTrying);
  const isApi = ({ path }: { path: string }) => path.startsWith("/api/");
  const commands = [...worth.filter(isApi), ...worth.filter((endpoint) => !isApi(endpoint))];
  // The column fits every command that leaves its summary room beside it; a longer one
  // (security.txt's, on a narrow terminal) has its summary on the line below instead.
  const columns = commands
    .map(({ command }) => visibleWidth(command) + 2)
    .filter((column) => column + SUMMARY_ROOM <= width);
  const commandWidth = Math.max(0, ...columns);
  return commands.flatMap(({ command, summary }) => tryLine(command, summary, width, commandWidth, s));
}

/** Each section's lines at a given width, in a given style. */
function sections(width: number, s: Style): SectionRenderers<string[]> {
  return {
    now: (layout) => status(layout, width, s),
    career: (layout) => layout.timeline.flatMap((entry) => timelineRow(entry, width, s)),
    skills: (layout) => layout.skills.flatMap(({ name, level }) => skillBar(name, level, width, s)),
    links: (layout) =>
      layout.links.flatMap(({ label, url }) => keyValue(label, url, width, s, { role: "link" })),
    try: (layout) => tryNext(layout, width, s),
  };
}

/** The profile, at most `width` visible columns a line, drawn in `s`. */
export function renderProfile(layout: ProfileLayout, width: number, s: Style): string {
  const inner = width - MARGIN;
  const draw = sections(inner, s);
  const lines = [
    "",
    ...header(layout, inner, s),
    ...PROFILE_SECTIONS.flatMap(({ id, title }) => ["", heading(title, inner, s), ...draw[id](layout)]),
    "",
  ];
  return `${indent(lines, MARGIN).join("\n")}\n`;
}
