/**
 * @module The query switches of text answers, in one table: it drives the parsing (and
 * its 400s), the OpenAPI document's query parameters, and what `?help` prints. Each
 * switch with a short form has a long name too, as wttr.in does it. A switch that takes
 * no value is on by being there, and says yes or no to a word from two short lists.
 */
import type { OpenAPIV3 } from "openapi-types";
import { listed } from "../content/mistakes.ts";
import { ApiError } from "../http/errors.ts";
import type { Help } from "./ansi/help.ts";
import { THEMES, type Theme } from "./ansi/palettes.ts";

export interface TextSwitch {
  readonly name: string;
  /** A one-letter alias. */
  readonly short?: string;
  /** What the value may be; none for a switch that is on by being there. */
  readonly values?: readonly string[];
  readonly range?: readonly [min: number, max: number];
  readonly meaning: string;
  /** The switch as a user types it: `width=60`. */
  readonly example: string;
  /** Shown at the site's root, where one-liners are, rather than at the answer's own URL. */
  readonly atRoot?: true;
}

export const WIDTH = { default: 80, min: 40, max: 200 } as const;

export const TEXT_SWITCHES = [
  { name: "nocolor", short: "T", meaning: "plain text: no colour codes", example: "nocolor" },
  { name: "truecolor", meaning: "the designed palette in 24-bit colour", example: "truecolor" },
  {
    name: "theme",
    values: THEMES,
    meaning: "colours tuned for a dark or a light background",
    example: "theme=light",
  },
  {
    name: "width",
    range: [WIDTH.min, WIDTH.max],
    meaning: `lay the text out for N columns, ${WIDTH.min} to ${WIDTH.max} (${WIDTH.default} without it)`,
    example: "width=60",
  },
  {
    name: "ansi",
    short: "A",
    meaning: "colour in one-liners (/?format=), which are plain text without it",
    example: "format=3&A",
    atRoot: true,
  },
  {
    name: "tmux",
    meaning: "colour in one-liners as tmux's status line draws it: #[fg=…] styles, not escape codes",
    example: "format=1&tmux",
    atRoot: true,
  },
  {
    name: "waybar",
    meaning:
      "a one-liner as Waybar's JSON (text, tooltip with the whole status, class), escaped for Pango markup",
    example: "format=2&waybar",
    atRoot: true,
  },
  { name: "help", meaning: "this list", example: "help" },
] as const satisfies readonly TextSwitch[];

/** What a request's switches ask of a text answer. */
export interface TextOptions {
  readonly colour: boolean;
  readonly truecolor: boolean;
  readonly theme: Theme;
  readonly width: number;
  readonly help: boolean;
  /** Colour where text is plain by default: one-liners. */
  readonly ansi: boolean;
  /** A one-liner's colour as tmux's `#[fg=…]` styles. */
  readonly tmux: boolean;
  /** A one-liner as Waybar's JSON. */
  readonly waybar: boolean;
}

export const DEFAULT_TEXT_OPTIONS: TextOptions = Object.freeze({
  colour: true,
  truecolor: false,
  theme: "auto",
  width: WIDTH.default,
  help: false,
  ansi: false,
  tmux: false,
  waybar: false,
});

const WHOLE_NUMBER = /^[0-9]{1,4}$/;

function width(raw: string | null): number {
  if (raw === null) return WIDTH.default;
  const value = Number(raw);
  if (!WHOLE_NUMBER.test(raw) || value < WIDTH.min || value > WIDTH.max) {
    // What was sent is never quoted: text answers never echo request input.
    throw new ApiError("bad_request", `width must be a whole number from ${WIDTH.min} to ${WIDTH.max}`);
  }
  return value;
}

/**
 * What a switch that takes no value may be given, in any letter case: nothing
 * (`?nocolor`) or a yes-word turns it on, a no-word turns it off. Anything else is a 400.
 */
export const SWITCH_WORDS = {
  on: ["1", "true", "yes", "on"],
  off: ["0", "false", "no", "off"],
} as const;

/** What the words do, in a 400, in the OpenAPI document and in `?help`. */
export const SWITCH_WORDS_MEANING = `on with no value or with ${listed(SWITCH_WORDS.on, "or")}; off with ${listed(SWITCH_WORDS.off, "or")}`;

const SAYS_ON = new Set<string>(["", ...SWITCH_WORDS.on]);
const SAYS_OFF = new Set<string>(SWITCH_WORDS.off);

type SwitchName = (typeof TEXT_SWITCHES)[number]["name"];

/** Each switch's names, the long one first: `nocolor` is also `T`. */
const NAMES = new Map<SwitchName, readonly string[]>(
  TEXT_SWITCHES.map((sw) => [sw.name, "short" in sw ? [sw.name, sw.short] : [sw.name]]),
);

/**
 * Whether a switch that takes no value is on: when any of its names is there and says
 * yes. A word outside the two lists is refused, naming the switch as the table spells
 * it, never what was sent.
 */
function flag(query: URLSearchParams, name: SwitchName): boolean {
  let on = false;
  for (const spelled of NAMES.get(name) ?? []) {
    for (const value of query.getAll(spelled)) {
      const word = value.toLowerCase();
      if (SAYS_ON.has(word)) on = true;
      else if (!SAYS_OFF.has(word))
        throw new ApiError("bad_request", `${spelled} is ${SWITCH_WORDS_MEANING}`);
    }
  }
  return on;
}

function theme(raw: string | null): Theme {
  if (raw === null) return "auto";
  if ((THEMES as readonly string[]).includes(raw)) return raw as Theme;
  throw new ApiError("bad_request", `theme must be ${THEMES.join(" or ")}`);
}

/** A request URL's query, parsed; undefined when it has none. */
export function queryOf(url: string): URLSearchParams | undefined {
  const start = url.indexOf("?");
  return start === -1 ? undefined : new URLSearchParams(url.slice(start + 1));
}

/**
 * The switches in a request's parsed query (`queryOf`), combined (`?width=60&nocolor`,
 * `?nocolor=0`); the defaults without a query. Other parameters are ignored, and so is
 * `width` for text that is not `laidOut` to one; a switch's bad value throws the 400
 * envelope's error, naming what it accepts.
 */
export function switchesIn(
  query: URLSearchParams | undefined,
  { laidOut = true }: { readonly laidOut?: boolean } = {},
): TextOptions {
  if (!query) return DEFAULT_TEXT_OPTIONS;
  return {
    colour: !flag(query, "nocolor"),
    truecolor: flag(query, "truecolor"),
    theme: theme(query.get("theme")),
    width: laidOut ? width(query.get("width")) : WIDTH.default,
    help: flag(query, "help"),
    ansi: flag(query, "ansi"),
    tmux: flag(query, "tmux"),
    waybar: flag(query, "waybar"),
  };
}

/**
 * `?help`: how switches are written, then each switch, what it does, and a command at
 * `url` (or at the site's root, for a switch of one-liners) that uses it.
 */
export function switchesHelp(url: string): Help {
  const root = `${new URL(url).origin}/`;
  const valueless = TEXT_SWITCHES.filter((sw) => !("values" in sw) && !("range" in sw)).map((sw) => sw.name);

  return {
    intro: [
      "Text answers take these in their query; combine them with &.",
      `${listed(valueless)} need no value: each is ${SWITCH_WORDS_MEANING}.`,
    ],
    entries: TEXT_SWITCHES.map((sw) => ({
      names: [
        "values" in sw ? `${sw.name}=${sw.values.join("|")}` : "range" in sw ? `${sw.name}=N` : sw.name,
        ...("short" in sw ? [sw.short] : []),
      ].join(", "),
      meaning: sw.meaning,
      command: `curl '${"atRoot" in sw ? root : url}?${sw.example}'`,
    })),
  };
}

/** The switches as OpenAPI query parameters, for every operation that answers text. */
export function switchParameters(): OpenAPIV3.ParameterObject[] {
  return TEXT_SWITCHES.flatMap((sw) => {
    const schema: OpenAPIV3.SchemaObject =
      "values" in sw
        ? { type: "string", enum: [...sw.values] }
        : "range" in sw
          ? { type: "integer", minimum: sw.range[0], maximum: sw.range[1] }
          : { type: "string", enum: ["", ...SWITCH_WORDS.on, ...SWITCH_WORDS.off] };
    const takesNoValue = !("values" in sw) && !("range" in sw);
    const names: [string, string][] = [[sw.name, sw.meaning]];
    if ("short" in sw) names.push([sw.short, `short for \`${sw.name}\`: ${sw.meaning}`]);
    return names.map(([name, meaning]) => ({
      name,
      in: "query",
      required: false,
      ...(takesNoValue ? { allowEmptyValue: true } : {}),
      description: `Text answers only: ${meaning}.${takesNoValue ? ` Takes no value: ${SWITCH_WORDS_MEANING}, in any letter case.` : ""} Example: \`?${sw.example}\`.`,
      schema,
    }));
  });
}
