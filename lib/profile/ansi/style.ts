/**
 * @module How each role of the profile is drawn: a palette made into functions that wrap
 * text in its escape codes, or into none at all for `?nocolor`. The ansis instance is
 * created at truecolor level on purpose: its default export detects colour support from
 * *our* stdout, which for a server is a log pipe, and would draw every profile plain.
 */
import { Ansis } from "ansis";
import { type Ink, PALETTES, type PaletteName, type Role } from "./palettes.ts";

const ansi = new Ansis(3);

/**
 * How many colours a terminal draws: 1 the 16 basic ones, 2 the 256 of xterm, 3 truecolor.
 * A palette drawn at a lower depth is brought down to the nearest colours it has.
 */
export type ColourDepth = 1 | 2 | 3;

const depths: Readonly<Record<ColourDepth, Ansis>> = { 1: new Ansis(1), 2: new Ansis(2), 3: ansi };

/** Each role as a function that draws text in it. */
export type Style = Readonly<Record<Role, (text: string) => string>>;

function pen(ink: Ink, depth: ColourDepth): (text: string) => string {
  const base = depths[depth];
  let drawn = base;
  if (ink.bold) drawn = drawn.bold;
  if (ink.dim) drawn = drawn.dim;
  if (ink.underline) drawn = drawn.underline;
  if (typeof ink.colour === "number") drawn = drawn.fg(ink.colour);
  else if (ink.colour !== undefined) drawn = drawn.hex(ink.colour);
  return drawn === base ? (text) => text : drawn;
}

const styles = new Map<string, Style>();

/** The style of a palette, made once per colour depth (truecolor unless told). */
export function styleOf(name: PaletteName, depth: ColourDepth = 3): Style {
  const key = `${name} ${depth}`;
  let style = styles.get(key);
  if (!style) {
    const palette = PALETTES[name];
    style = Object.fromEntries(
      Object.entries(palette).map(([role, ink]) => [role, pen(ink, depth)]),
    ) as Style;
    styles.set(key, style);
  }
  return style;
}

const asItIs = (text: string) => text;

/** No escape codes at all: what `?nocolor` draws with. */
export const PLAIN: Style = {
  name: asItIs,
  value: asItIs,
  label: asItIs,
  muted: asItIs,
  rule: asItIs,
  heading: asItIs,
  accent: asItIs,
  years: asItIs,
  barFull: asItIs,
  barEmpty: asItIs,
  good: asItIs,
  link: asItIs,
  command: asItIs,
};

/** Removes every escape code. */
export function stripColour(text: string): string {
  return ansi.strip(text);
}

/**
 * Blocks in one of black and white, gaps in the other, whatever the palette: a QR code
 * must not take the terminal's own colours. `inkIsDark`: the blocks are black.
 */
export function monochrome(inkIsDark: boolean): (text: string) => string {
  return inkIsDark ? ansi.fg(16).bg(231) : ansi.fg(231).bg(16);
}
