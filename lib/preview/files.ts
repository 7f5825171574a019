/**
 * @module The files the preview image is drawn with, by their package path: resvg's wasm
 * module, and Noto Sans (OFL-1.1) in regular and bold for each script subset fontsource
 * ships it in. Read when the first image is drawn (`site.packageFile`); the executable
 * carries them (`packageFiles` in `feature.ts`). Satori reads WOFF, not WOFF2.
 */

export const RESVG_WASM = "@resvg/resvg-wasm/index_bg.wasm";

/** Noto Sans's subsets, each a range of code points (fontsource's `unicode.json`). */
export const FONT_SUBSETS = [
  "latin",
  "latin-ext",
  "vietnamese",
  "greek",
  "greek-ext",
  "cyrillic",
  "cyrillic-ext",
  "devanagari",
] as const;
export type FontSubset = (typeof FONT_SUBSETS)[number];

export const FONT_WEIGHTS = [400, 700] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

/** A font file: the subset it covers, its weight, and its package path. */
export interface FontFile {
  readonly subset: FontSubset;
  readonly weight: FontWeight;
  readonly path: string;
}

export const FONT_FILES: readonly FontFile[] = FONT_SUBSETS.flatMap((subset) =>
  FONT_WEIGHTS.map((weight) => ({
    subset,
    weight,
    path: `@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`,
  })),
);

/** Every file the image reads. */
export const PREVIEW_FILES: readonly string[] = [RESVG_WASM, ...FONT_FILES.map(({ path }) => path)];
