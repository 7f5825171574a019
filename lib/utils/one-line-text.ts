/**
 * @module The characters that make a line of text read other than it is written, in one
 * place: control characters (escape codes, line breaks), the line and paragraph separators,
 * and the bidirectional controls, which reorder the text after them ("Trojan Source",
 * CVE-2021-42574). A one-liner's format holding one is refused, and so is content/now.json
 * holding one; any other value from the content or a live source has them replaced.
 * Joiners and combining marks are text, and stay.
 */

/** C0, DEL and C1. */
export const CONTROL_CHARACTER = /\p{Cc}/u;
/** U+2028 and U+2029. */
export const LINE_SEPARATOR = /[\u2028\u2029]/u;
/** The embeddings, overrides, isolates and marks of the Unicode bidirectional algorithm. */
export const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

const ANY_RUN = new RegExp(
  `(?:${[CONTROL_CHARACTER, LINE_SEPARATOR, BIDI_CONTROL].map(({ source }) => source).join("|")})+`,
  "gu",
);

/**
 * Text with none of those characters, as a JSON Schema pattern: the content's one-line
 * fields carry it. Written with `\u` escapes, which every dialect that reads a schema here
 * (TypeBox's, Ajv's, Prism's) reads alike; `\p{Cc}` would need a flag a schema cannot give.
 */
export const ONE_LINE_PATTERN =
  "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]*$";

/** The text with each run of those characters replaced by one space. */
export function onOneLine(text: string): string {
  return text.replace(ANY_RUN, " ");
}

/** `U+202E`: how a message names a character it must not repeat, most having no glyph. */
export function codePointName(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}
