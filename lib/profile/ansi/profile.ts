/**
 * @module The terminal profile: the layout model drawn with the ANSI parts, at any width
 * from 40 columns up. What `curl yoursite` shows: what fits a terminal, and where the
 * rest is (the page, and the JSON of the routes that serve the content whole).
 */

import { padEnd, type Run, visibleWidth, wrap, wrapRuns } from "../../utils/width.ts";
import type { ProfileLayout, SectionRenderers } from "../model/layout.ts";
import { commandList } from "./command.ts";
import { framed, heading, insideFrame, keyValue, skillBar, timelineRow } from "./parts.ts";
import type { Style } from "./style.ts";

function header(layout: ProfileLayout, width: number, s: Style): string[] {
  const { name, nativeName, pronouns, role, tagline, availability, location, localTime } = layout.header;
  const names = [
    { text: name, draw: s.name },
    ...(nativeName ? [{ text: nativeName, draw: s.accent }] : []),
    ...(pronouns ? [{ text: `(${pronouns})`, draw: s.muted }] : []),
  ];
  const oneLine = names.map(({ text }) => text).join("  ");
  return [
    ...(visibleWidth(oneLine) <= width
      ? [names.map(({ text, draw }) => draw(text)).join("  ")]
      : names.flatMap(({ text, draw }) => wrap(text, width).map((line) => draw(line)))),
    ...wrap(`${role} · ${location}`, width).map((line) => s.value(line)),
    ...wrapRuns(
      [
        { text: "local time", draw: s.label },
        { text: `${localTime.weekday} ${localTime.time} (${localTime.offset})`, draw: s.value },
      ],
      width,
    ),
    ...wrap(tagline, width).map((line) => s.muted(line)),
    ...(availability ? ["", ...hanging("→", availability, width, s)] : []),
  ];
}

/** `mark text`, the text wrapped under itself. */
function hanging(mark: string, text: string, width: number, s: Style): string[] {
  const column = visibleWidth(mark) + 1;
  return wrap(text, width - column).map(
    (line, i) => (i === 0 ? `${s.accent(mark)} ` : " ".repeat(column)) + s.value(line),
  );
}

/** Items under one label: the label on the first line only. */
function labelledList(label: string, items: readonly (string | readonly Run[])[], width: number, s: Style) {
  return items.flatMap((item, i) => keyValue(i === 0 ? label : "", item, width, s));
}

/**
 * Where the newest update was posted, and the replies to the latest posts: the author,
 * their handle and how long ago on one line, what they wrote under it.
 */
function conversation({ posted, replies }: ProfileLayout["status"], width: number, s: Style): string[] {
  if (!posted) return [];
  return [
    ...keyValue(
      "posted",
      [
        { text: posted.text, draw: s.value },
        { text: `· on ${posted.posts.map(({ name }) => name).join(", ")}`, draw: s.muted },
      ],
      width,
      s,
    ),
    ...replies.flatMap(({ author, handle, ago, text }, i) => [
      ...keyValue(
        i === 0 ? "replies" : "",
        [
          { text: author, draw: s.value },
          ...(handle === author ? [] : [{ text: handle, draw: s.muted }]),
          { text: `· ${ago}`, draw: s.muted },
        ],
        width,
        s,
      ),
      ...keyValue("", [{ text, draw: s.muted }], width, s),
    ]),
  ];
}

function status(layout: ProfileLayout, width: number, s: Style): string[] {
  const { line, updated, building, learning, reading, notDoing, live } = layout.status;
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
  const books = reading.map(({ title, author }) => [
    { text: title, draw: s.value },
    { text: `by ${author}`, draw: s.muted },
  ]);
  // What the owner did lately, labelled by where: `github  pushed to … · 12 min ago`.
  const lately = live.flatMap(({ source, text, ago, checked }) =>
    keyValue(
      source.toLowerCase(),
      [
        { text, draw: s.value },
        ...(ago ? [{ text: `· ${ago}`, draw: s.muted }] : []),
        ...(checked ? [{ text: `· ${checked}`, draw: s.muted }] : []),
      ],
      width,
      s,
    ),
  );
  return [
    ...first,
    ...lately,
    ...labelledList("building", building, width, s),
    ...labelledList("learning", learning, width, s),
    ...labelledList("reading", books, width, s),
    ...labelledList("not doing", notDoing, width, s),
    ...conversation(layout.status, width, s),
  ];
}

function skills(layout: ProfileLayout, width: number, s: Style): string[] {
  // A group's name only says something when there is more than one.
  const named = layout.skills.length > 1;
  return layout.skills.flatMap(({ group, skills }, i) => [
    ...(named ? [...(i > 0 ? [""] : []), s.label(group)] : []),
    ...skills.flatMap(({ name, level }) => skillBar(name, level, width, s)),
  ]);
}

/**
 * What the terminal leaves out and where it is (the page, and the routes that serve the
 * content whole), then what a terminal suggests next: the GET endpoints, less the
 * profile the reader is already looking at; the content's JSON first, then the rest of
 * the API, then the files for crawlers (robots.txt, the sitemap, security.txt).
 */
function tryNext(layout: ProfileLayout, width: number, s: Style): string[] {
  const { endpoints, whole } = layout.api;
  const highlights = layout.timeline.some(({ highlights }) => highlights.length > 0);
  const json = whole.map(({ path }) => path);
  const where = [
    `The bio${highlights ? ", career highlights" : ""} and everything else are on the page,`,
    `${layout.page} in a browser${json.length > 0 ? `, and in ${json.join(" and ")} as JSON.` : "."}`,
  ].join(" ");
  const rest = endpoints.filter(
    ({ method, path, profileForTerminals }) =>
      method === "GET" && !profileForTerminals && !json.includes(path),
  );
  const isApi = ({ path }: { path: string }) => path.startsWith("/api/");
  const commands = [...whole, ...rest.filter(isApi), ...rest.filter((endpoint) => !isApi(endpoint))];
  return [
    ...wrap(where, width).map((line) => s.muted(line)),
    "",
    ...commandList(
      commands.map(({ command, summary }) => ({ command, why: summary })),
      width,
      s,
    ),
  ];
}

/** Each section's lines at a given width, in a given style. */
function sections(width: number, s: Style): SectionRenderers<string[]> {
  return {
    now: (layout) => status(layout, width, s),
    career: (layout) => layout.timeline.flatMap((entry) => timelineRow(entry, width, s)),
    education: (layout) => layout.education.flatMap((entry) => timelineRow(entry, width, s)),
    skills: (layout) => skills(layout, width, s),
    languages: (layout) =>
      layout.languages.flatMap(({ name, level }) => keyValue(name, level, width, s, { keyWidth: 12 })),
    links: (layout) =>
      layout.links.flatMap(({ label, url }) => keyValue(label, url, width, s, { role: "link" })),
    try: (layout) => tryNext(layout, width, s),
  };
}

/** The profile, at most `width` visible columns a line (but a command word wider than that), drawn in `s`. */
export function renderProfile(layout: ProfileLayout, width: number, s: Style): string {
  const inner = insideFrame(width);
  const draw = sections(inner, s);
  const lines = [
    "",
    ...header(layout, inner, s),
    ...layout.sections.flatMap(({ id, title }) => ["", heading(title, inner, s), ...draw[id](layout)]),
    "",
  ];
  return framed(lines);
}
