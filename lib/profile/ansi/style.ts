/**
 * @module The terminal palette. The ansis instance is created at truecolor level on
 * purpose: its default export detects colour support from *our* stdout, which for a
 * server is a log pipe, and would render every profile colourless.
 */
import { Ansis } from "ansis";

const ansi = new Ansis(3);

/** Named styles, so parts say what a thing is rather than which colour it has. */
export const style = {
  name: ansi.bold.hex("#f5c2e7"),
  accent: ansi.hex("#89b4fa"),
  heading: ansi.bold.hex("#cba6f7"),
  rule: ansi.hex("#45475a"),
  label: ansi.hex("#a6adc8"),
  muted: ansi.hex("#7f849c"),
  value: ansi.hex("#cdd6f4"),
  years: ansi.hex("#fab387"),
  barFull: ansi.hex("#a6e3a1"),
  barEmpty: ansi.hex("#45475a"),
  good: ansi.bold.hex("#a6e3a1"),
  link: ansi.underline.hex("#89dceb"),
  command: ansi.hex("#f9e2af"),
} as const;

/** Removes every colour code: the same output for terminals that can't show colour. */
export function stripColour(text: string): string {
  return ansi.strip(text);
}
