/**
 * @module The style a terminal session is drawn in, from what its client says of the
 * terminal: `COLORTERM` (truecolor or 24bit: every colour; it arrives only if the client
 * sends it, as OpenSSH does with `SendEnv COLORTERM`) and the pty's `TERM` (256color: the
 * 256 of xterm; dumb: none; anything else: the 16 basic ones). The palette is the one
 * `?theme=auto` draws with, made for any background: the door cannot ask which the
 * terminal has.
 */
import { type ColourDepth, PLAIN, paletteFor, type Style, styleOf } from "../../profile/ansi/index.ts";

/** The colour depth `term` and `colorterm` describe; undefined for no colour at all. */
export function colourDepth(
  term: string | undefined,
  colorterm: string | undefined,
): ColourDepth | undefined {
  if (term === "dumb") return undefined;
  if (colorterm === "truecolor" || colorterm === "24bit") return 3;
  if (term?.includes("256color")) return 2;
  return 1;
}

export function terminalStyle(term: string | undefined, colorterm: string | undefined): Style {
  const depth = colourDepth(term, colorterm);
  return depth === undefined ? PLAIN : styleOf(paletteFor("auto", depth === 3), depth);
}
