/**
 * @module What the embedded fonts can draw: which of Noto Sans's subsets a text needs, and
 * whether they have every character of it. A character none has would be drawn as a
 * box, so the card leaves such characters out (an emoji in the status) and draws the
 * native name only when all of it is there (CJK is not: its fonts are megabytes). Read
 * from fontsource's own ranges; loaded with the drawing, on the first image.
 */
import ranges from "@fontsource/noto-sans/unicode.json" with { type: "json" };
import { FONT_SUBSETS, type FontSubset } from "./files.ts";

/** `U+0370-0377,U+037A` as a test of one code point. */
function inRanges(list: string): (codePoint: number) => boolean {
  const spans = list.split(",").map((span) => {
    const [low = 0, high = low] = span
      .replace("U+", "")
      .split("-")
      .map((hex) => Number.parseInt(hex, 16));
    return [low, high] as const;
  });
  return (codePoint) => spans.some(([low, high]) => codePoint >= low && codePoint <= high);
}

const COVERS: readonly (readonly [FontSubset, (codePoint: number) => boolean])[] = FONT_SUBSETS.map(
  (subset) => [subset, inRanges(ranges[subset])],
);

/** The subset that has this character, if any: Latin first, as most text is. */
function subsetOf(character: string): FontSubset | undefined {
  const codePoint = character.codePointAt(0) ?? 0;
  return COVERS.find(([, covers]) => covers(codePoint))?.[0];
}

/** Whether the fonts have every character of `text`. */
export function covered(text: string): boolean {
  return [...text].every((character) => subsetOf(character) !== undefined);
}

/** `text` less the characters no font has, its spaces collapsed. */
export function drawable(text: string): string {
  return [...text]
    .filter((character) => subsetOf(character) !== undefined)
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/** The subsets `texts` need: Latin always (digits, punctuation, the site's host). */
export function subsetsFor(texts: readonly string[]): Set<FontSubset> {
  const needed = new Set<FontSubset>(["latin"]);
  for (const character of texts.join("")) {
    const subset = subsetOf(character);
    if (subset) needed.add(subset);
  }
  return needed;
}
