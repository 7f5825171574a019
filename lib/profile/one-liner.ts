/**
 * @module One-liners, `GET /?format=…`: one line of plain text for status bars (tmux,
 * Waybar, xmobar) and shell prompts, as wttr.in's `?format=` is for the weather. A format
 * is any text with `%`-codes in it, or a numbered preset. One table of codes drives the
 * parsing (and its 400s), the OpenAPI parameter, `?help` and the README's list.
 */
import { placeOf } from "../content/schemas.ts";
import type { Content } from "../content/site-content.ts";
import { ApiError } from "../http/errors.ts";
import type { KnownActivity } from "../live/feed.ts";
import {
  BIDI_CONTROL,
  CONTROL_CHARACTER,
  codePointName,
  LINE_SEPARATOR,
  onOneLine,
} from "../utils/one-line-text.ts";
import { quoteInput } from "../utils/request-input.ts";
import type { HelpSection } from "./ansi/help.ts";
import type { Role } from "./ansi/palettes.ts";
import type { Style } from "./ansi/style.ts";
import { ago, ownerLocalTime } from "./model/owner-time.ts";

/** What the codes are filled from, at one instant. */
export interface OneLinerValues {
  readonly content: Content;
  readonly at: Date;
  /** Each live source's latest activity, the newest first. */
  readonly activities: readonly KnownActivity[];
}

interface FormatCode {
  /** The letter after `%`. */
  readonly code: string;
  readonly meaning: string;
  /** How it is drawn in colour (`?A`); none: as the text around it. */
  readonly role?: Role;
  readonly value: (values: OneLinerValues) => string;
}

/** A live activity as a one-liner shows it: with how long ago, unless it goes on; empty for none. */
function shown(activity: KnownActivity | undefined, at: Date): string {
  if (!activity) return "";
  return activity.ongoing
    ? activity.text
    : `${activity.text} · ${ago(at.getTime() - activity.happenedAt.getTime())}`;
}

/** The codes, in the order `?help` and the README list them. */
export const FORMAT_CODES = [
  { code: "n", meaning: "the owner's name", role: "name", value: ({ content }) => content.profile.name },
  {
    code: "h",
    meaning: "the owner's handle",
    role: "accent",
    value: ({ content }) => content.profile.handle,
  },
  { code: "r", meaning: "the owner's role", role: "value", value: ({ content }) => content.profile.role },
  {
    code: "l",
    meaning: "where the owner is: city, country",
    role: "value",
    value: ({ content }) => placeOf(content.profile),
  },
  {
    code: "t",
    meaning: "the owner's local time, HH:MM",
    role: "accent",
    value: ({ content, at }) => ownerLocalTime(at, content.profile.location.timezone).time,
  },
  {
    code: "z",
    meaning: "the owner's time zone",
    role: "muted",
    value: ({ content }) => content.profile.location.timezone,
  },
  { code: "s", meaning: "the /now status", role: "value", value: ({ content }) => content.now.status },
  {
    code: "b",
    meaning: "the first thing being built",
    role: "value",
    value: ({ content }) => content.now.building[0] ?? "",
  },
  {
    code: "a",
    meaning:
      "the latest activity, and how long ago (pushed to owner/repo · 12 min ago); empty until one is read",
    role: "value",
    value: ({ activities, at }) =>
      shown(
        activities.find(({ kind }) => kind === "activity"),
        at,
      ),
  },
  {
    code: "m",
    meaning:
      "the music: listening to Track by Artist while it plays, then last played Track by Artist · 25 min ago; empty until read",
    role: "value",
    value: ({ activities, at }) =>
      shown(
        activities.find(({ kind }) => kind === "listening"),
        at,
      ),
  },
  { code: "%", meaning: "a percent sign", value: () => "%" },
] as const satisfies readonly FormatCode[];

/** Presets: parts joined by ` · `, a part whose codes all give nothing (no activity yet) left out. */
export const FORMAT_PRESETS: Readonly<Record<string, readonly string[]>> = {
  "1": ["%n", "%t"],
  "2": ["%n", "%t", "%s"],
  "3": ["%n", "%t", "%a"],
  "4": ["%n (%h)", "%r", "%l", "%t %z", "%a"],
};

export const PRESET_SEPARATOR = " · ";

const PRESET_NUMBERS = Object.keys(FORMAT_PRESETS);
/** `1 to 4`: the presets are numbered from 1, without a gap. */
const PRESET_RANGE = `${PRESET_NUMBERS[0]} to ${PRESET_NUMBERS.at(-1)}`;

/** A format longer than this is not a status line. */
export const MAX_FORMAT_LENGTH = 200;

const CODES = new Map<string, FormatCode>(FORMAT_CODES.map((code) => [code.code, code]));

/** `%n %h … and %%`, for messages. */
const CODE_LIST = `${FORMAT_CODES.filter(({ code }) => code !== "%")
  .map(({ code }) => `%${code}`)
  .join(" ")} and %%`;

type Piece = { readonly text: string } | { readonly code: FormatCode };

/** A format, parsed: parts joined by the separator, each a run of text and codes. */
export interface Format {
  readonly parts: readonly (readonly Piece[])[];
  /** Whether a part whose codes all give nothing is left out, with its separator: presets only. */
  readonly dropEmpty: boolean;
}

function parsePart(text: string): Piece[] {
  const pieces: Piece[] = [];
  const chars = [...text];
  let literal = "";
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    if (char !== "%") {
      literal += char;
      continue;
    }
    const next = chars[++i];
    if (next === undefined) {
      throw new ApiError("bad_request", "format ends with a lone %: write %% for a percent sign");
    }
    const code = CODES.get(next);
    if (!code) {
      throw new ApiError(
        "bad_request",
        `format has %${quoteInput(next, 8)}, which is no code: the codes are ${CODE_LIST}, and the presets ${Object.keys(FORMAT_PRESETS).join(", ")}`,
      );
    }
    if (literal) pieces.push({ text: literal });
    literal = "";
    pieces.push({ code });
  }
  if (literal) pieces.push({ text: literal });
  return pieces;
}

/** What a format may not hold (`one-line-text.ts`), and why: each would make the line other than it reads. */
const REFUSED_CHARACTERS: readonly { readonly found: RegExp; readonly what: string; readonly why: string }[] =
  [
    { found: CONTROL_CHARACTER, what: "a control character", why: "a one-liner is one line of text" },
    { found: LINE_SEPARATOR, what: "a line or paragraph separator", why: "a one-liner is one line of text" },
    {
      found: BIDI_CONTROL,
      what: "a bidirectional control",
      why: "a one-liner shows its text in the order it is written",
    },
  ];

/**
 * The format `?format=` asks for: a preset's number, or text with codes. Refuses, with a
 * 400 that never repeats what was sent but the one unknown code, safely quoted: an empty
 * format, a number that is no preset, one over `MAX_FORMAT_LENGTH`, a character of
 * `REFUSED_CHARACTERS` (named by its code point), an unknown code, a lone `%` at the end.
 */
export function parseFormat(raw: string): Format {
  const preset = PARSED_PRESETS.get(raw);
  if (preset) return preset;
  if (raw === "")
    throw new ApiError("bad_request", `format is empty: give text with codes (${CODE_LIST}), or a preset`);
  // A number alone would print itself: as a status line, only ever a preset mistyped.
  if (/^\d+$/.test(raw)) {
    throw new ApiError("bad_request", `no preset ${quoteInput(raw, 8)}; the presets are ${PRESET_RANGE}`);
  }
  if ([...raw].length > MAX_FORMAT_LENGTH) {
    throw new ApiError("bad_request", `format is longer than ${MAX_FORMAT_LENGTH} characters`);
  }
  for (const { found, what, why } of REFUSED_CHARACTERS) {
    const char = found.exec(raw)?.[0];
    if (char) throw new ApiError("bad_request", `format holds ${what}: ${why} (${codePointName(char)})`);
  }
  return { parts: [parsePart(raw)], dropEmpty: false };
}

/** The presets, parsed once: most one-liners ask for one. */
const PARSED_PRESETS = new Map<string, Format>(
  Object.entries(FORMAT_PRESETS).map(([number, parts]) => [
    number,
    { parts: parts.map(parsePart), dropEmpty: true },
  ]),
);

/**
 * The line, drawn in `s`, without its newline; every piece of text, the format's own and
 * the values, passed through `asText` first (what a status bar must not read as markup).
 */
export function drawOneLiner(
  format: Format,
  values: OneLinerValues,
  s: Style,
  asText: (text: string) => string = (text) => text,
): string {
  const drawn = format.parts.flatMap((part) => {
    let filled = false;
    let hasCode = false;
    const pieces = part.map((piece) => {
      if ("text" in piece) return { text: asText(piece.text), empty: false };
      // A value on one line, whatever the content or a source says.
      const value = asText(onOneLine(piece.code.value(values)));
      hasCode = true;
      filled ||= value !== "";
      const { role } = piece.code;
      return { text: role && value ? s[role](value) : value, empty: value === "" };
    });
    return format.dropEmpty && hasCode && !filled ? [] : [withoutStraySpaces(pieces)];
  });
  return drawn.join(s.muted(asText(PRESET_SEPARATOR)));
}

/**
 * The pieces joined, each code that gives nothing taking a run of spaces beside it along:
 * `%h %a` before any activity is `rin`, not `rin `, and `%a %h` is `rin`, not ` rin`.
 */
function withoutStraySpaces(pieces: readonly { readonly text: string; readonly empty: boolean }[]): string {
  const texts = pieces.map(({ text }) => text);
  pieces.forEach(({ empty }, i) => {
    if (!empty) return;
    const before = texts[i - 1];
    const after = texts[i + 1];
    if (before !== undefined && /\s$/.test(before)) texts[i - 1] = before.replace(/\s+$/, "");
    else if (after !== undefined && /^\s/.test(after)) texts[i + 1] = after.replace(/^\s+/, "");
  });
  return texts.join("");
}

/** What `?help` says of one-liners, with commands at the site's `root` URL (`https://site/`). */
export function oneLinerHelp(root: string): HelpSection {
  return {
    title: "One-liners",
    intro: [
      `${root}?format= answers one line of plain text, for every client: for status bars and prompts. ` +
        "Write any text with these codes in it (+ for a space), or give a preset's number; " +
        "add &A for colour. A code followed by a letter a-f or a digit is written %25 then the letter.",
    ],
    terms: [
      ...FORMAT_CODES.map(({ code, meaning }) => ({ term: `%${code}`, meaning })),
      ...Object.entries(FORMAT_PRESETS).map(([number, parts]) => ({
        term: `format=${number}`,
        meaning: parts.join(PRESET_SEPARATOR),
      })),
    ],
    commands: [
      { command: `curl -s '${root}?format=3'`, why: "a preset, for a shell prompt or xmobar" },
      { command: `curl -s '${root}?format=%h+%t+%25a'`, why: "a format of your own" },
      {
        command: `tmux set -g status-right "#(curl -s '${root}?format=1&tmux')"`,
        why: "tmux: in the status bar, in its colours, again every status-interval",
      },
      {
        command: `curl -s '${root}?format=2&waybar'`,
        why: 'Waybar: a custom module\'s "exec", with "return-type": "json"',
      },
    ],
  };
}

/** The `format` query parameter, for the OpenAPI document of `/`. */
export function formatParameter() {
  const presets = Object.entries(FORMAT_PRESETS)
    .map(([number, parts]) => `\`${number}\`: \`${parts.join(PRESET_SEPARATOR)}\``)
    .join("; ");
  return {
    name: "format",
    in: "query" as const,
    required: false,
    description:
      "A one-liner: one line of `text/plain` for every client, for status bars and prompts. " +
      `Text with codes: ${FORMAT_CODES.map(({ code, meaning }) => `\`%${code}\` ${meaning}`).join("; ")}. ` +
      `Or a preset: ${presets}. At most ${MAX_FORMAT_LENGTH} characters, no control characters, line separators or ` +
      "bidirectional controls; " +
      "an unknown code is a 400 that names it, and so is a number that is no preset. Plain text unless `A` (`ansi`) asks for colour. Example: `?format=3`.",
    schema: { type: "string" as const, maxLength: MAX_FORMAT_LENGTH },
  };
}
