/**
 * @module The terminal palettes: which colour each role of the profile gets. Body text is
 * always the terminal's own foreground, and rules and muted text are dimmed, so they follow
 * any theme; colour is for accents.
 *
 * Without a switch the fixed colours are mid-tones of the 256-colour cube, each at least
 * 3:1 against white and against black, so the profile reads on light and dark terminals
 * alike; `?truecolor` gives the same design in 24-bit colour. `?theme=dark` and
 * `?theme=light` tune the accents for that background, in 256 colours or, with
 * `?truecolor`, the designed 24-bit palettes (Catppuccin Mocha and a darkened Latte, whose
 * accents the HTML page's stylesheet takes from here). `tests/profile/legibility.test.ts` holds every one to its bound.
 */
/** The backgrounds a palette can be tuned for. */
export const THEMES = ["dark", "light"] as const;

/** A background the palette is tuned for, or `auto`: one that reads on either. */
export type Theme = "auto" | (typeof THEMES)[number];

/** What a piece of the profile is, so that a palette can say how it looks. */
export type Role =
  | "name"
  | "value"
  | "label"
  | "muted"
  | "rule"
  | "heading"
  | "accent"
  | "years"
  | "barFull"
  | "barEmpty"
  | "good"
  | "link"
  | "command";

/** How text of one role is drawn: a 256-colour index or a 24-bit `#rrggbb`, and attributes. */
export interface Ink {
  readonly colour?: number | `#${string}`;
  readonly bold?: true;
  readonly dim?: true;
  readonly underline?: true;
}

export type Palette = Readonly<Record<Role, Ink>>;

/** What no palette changes: the terminal's own colours. */
const TERMINAL_DEFAULTS = {
  value: {},
  label: {},
  muted: { dim: true },
  rule: { dim: true },
  barEmpty: { dim: true },
} as const satisfies Partial<Palette>;

export const PALETTES = {
  /** For any background: mid-tones, 3:1 or better against white and black. */
  auto: {
    ...TERMINAL_DEFAULTS,
    name: { bold: true },
    heading: { bold: true, colour: 98 },
    accent: { colour: 31 },
    years: { colour: 166 },
    barFull: { colour: 28 },
    good: { bold: true, colour: 28 },
    link: { underline: true, colour: 32 },
    command: { colour: 136 },
  },
  autoTruecolor: {
    ...TERMINAL_DEFAULTS,
    name: { bold: true },
    heading: { bold: true, colour: "#8a5cd1" },
    accent: { colour: "#2f7fb5" },
    years: { colour: "#c75a0c" },
    barFull: { colour: "#2e8b2e" },
    good: { bold: true, colour: "#2e8b2e" },
    link: { underline: true, colour: "#2a77d1" },
    command: { colour: "#a37500" },
  },
  /** For dark backgrounds: light accents. */
  dark: {
    ...TERMINAL_DEFAULTS,
    name: { bold: true, colour: 218 },
    heading: { bold: true, colour: 183 },
    accent: { colour: 111 },
    years: { colour: 216 },
    barFull: { colour: 114 },
    good: { bold: true, colour: 114 },
    link: { underline: true, colour: 117 },
    command: { colour: 229 },
  },
  darkTruecolor: {
    ...TERMINAL_DEFAULTS,
    name: { bold: true, colour: "#f5c2e7" },
    heading: { bold: true, colour: "#cba6f7" },
    accent: { colour: "#89b4fa" },
    years: { colour: "#fab387" },
    barFull: { colour: "#a6e3a1" },
    good: { bold: true, colour: "#a6e3a1" },
    link: { underline: true, colour: "#89dceb" },
    command: { colour: "#f9e2af" },
  },
  /** For light backgrounds: dark accents. */
  light: {
    ...TERMINAL_DEFAULTS,
    name: { bold: true, colour: 125 },
    heading: { bold: true, colour: 91 },
    accent: { colour: 25 },
    years: { colour: 130 },
    barFull: { colour: 28 },
    good: { bold: true, colour: 28 },
    link: { underline: true, colour: 25 },
    command: { colour: 94 },
  },
  /** The page's light colours, each 4.5:1 or better on its backgrounds (WCAG AA for text). */
  lightTruecolor: {
    ...TERMINAL_DEFAULTS,
    name: { bold: true, colour: "#c0246e" },
    heading: { bold: true, colour: "#8839ef" },
    accent: { colour: "#1a5fd6" },
    years: { colour: "#a8460a" },
    barFull: { colour: "#2d7a16" },
    good: { bold: true, colour: "#2d7a16" },
    link: { underline: true, colour: "#1a5fd6" },
    command: { colour: "#8c5a04" },
  },
} as const satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

/** The palette a theme and the truecolor switch ask for. */
export function paletteFor(theme: Theme, truecolor: boolean): PaletteName {
  const base = theme === "auto" ? "auto" : theme;
  return truecolor ? `${base}Truecolor` : base;
}
