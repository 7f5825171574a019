/**
 * @module The preview card drawn as a 1200×630 PNG: satori lays out an element tree as SVG
 * (text as paths, shaped by HarfBuzz, so Devanagari's conjuncts and Latin's diacritics come
 * out right), resvg draws the SVG, both as WebAssembly, so the same code and the same bytes
 * on Bun, in the executable and on Deno. In the page's dark colours, every text at least
 * 4.5:1 on what it sits on (WCAG AA). Imported on the first image asked for: 2.5 MB of
 * wasm and the layout engine that a site nobody shares never loads.
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori, { type Font } from "satori";
import { PALETTES } from "../profile/ansi/palettes.ts";
import { PAGE_COLOURS } from "../profile/html/styles.ts";
import { PREVIEW_IMAGE, type PreviewCard } from "../profile/model/preview-card.ts";
import type { PackageFiles } from "../runtime/package-files.ts";
import { Cache } from "../utils/cache.ts";
import { FONT_FILES, RESVG_WASM } from "./files.ts";
import { covered, drawable, subsetsFor } from "./fonts.ts";

const { width: WIDTH, height: HEIGHT } = PREVIEW_IMAGE;

/** The page's dark scheme, and the accents of the terminal's dark truecolor palette it takes. */
export const CARD_COLOURS = {
  background: PAGE_COLOURS.dark.bg,
  panel: PAGE_COLOURS.dark.card,
  text: PAGE_COLOURS.dark.text,
  sub: PAGE_COLOURS.dark.sub,
  name: PAGE_COLOURS.dark.name,
  accent: PALETTES.darkTruecolor.accent.colour,
  good: PALETTES.darkTruecolor.good.colour,
} as const;

/**
 * resvg's wasm, started once per process (its `initWasm` refuses a second start), by its
 * path: every drawing after the first waits on the same start; one that failed is tried
 * again by the next.
 */
const resvgStarts = new Cache<Promise<void>>();

/** The fonts a card's texts need, each read once by `fonts`: satori keeps what it parsed of a font by its bytes. */
function fontsFor(
  texts: readonly string[],
  read: PackageFiles,
  fonts: Cache<Promise<Font>>,
): Promise<Font[]> {
  const needed = subsetsFor(texts);
  return Promise.all(
    FONT_FILES.filter(({ subset }) => needed.has(subset)).map(({ subset, weight, path }) =>
      fonts.get(path, () =>
        // A name per subset: satori takes one font per name, and falls back along the list glyph by glyph.
        read(path).then((data) => ({
          name: `noto-${subset}`,
          data: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
          weight,
          style: "normal" as const,
        })),
      ),
    ),
  );
}

interface Element {
  readonly type: string;
  readonly props: { readonly style: Readonly<Record<string, unknown>>; readonly children?: unknown };
}

const box = (style: Record<string, unknown>, ...children: (Element | string)[]): Element => ({
  type: "div",
  props: { style, children: children.length === 1 ? children[0] : children },
});

/** The card's layout: the name large, the role, where and when, the status in a panel, the host. */
function cardTree(card: PreviewCard, fontFamily: string): Element {
  const native = card.nativeName && covered(card.nativeName) ? card.nativeName : undefined;
  const name = drawable(card.name);
  return box(
    {
      width: WIDTH,
      height: HEIGHT,
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      boxSizing: "border-box",
      padding: 72,
      background: CARD_COLOURS.background,
      color: CARD_COLOURS.text,
      fontFamily,
    },
    box(
      { display: "flex", flexDirection: "column" },
      box(
        { display: "flex", alignItems: "baseline", flexWrap: "wrap", columnGap: 28 },
        box(
          { fontSize: 72, fontWeight: 700, color: CARD_COLOURS.name, lineHeight: 1.15, lineClamp: 2 },
          name,
        ),
        ...(native ? [box({ fontSize: 44, color: CARD_COLOURS.accent }, native)] : []),
      ),
      box({ fontSize: 38, color: CARD_COLOURS.sub, marginTop: 18, lineClamp: 1 }, drawable(card.role)),
      box(
        { fontSize: 32, color: CARD_COLOURS.sub, marginTop: 10, lineClamp: 1 },
        `${drawable(card.place)} · ${card.offset}`,
      ),
    ),
    box(
      {
        display: "flex",
        alignItems: "center",
        columnGap: 22,
        padding: "26px 32px",
        borderRadius: 20,
        background: CARD_COLOURS.panel,
        fontSize: 34,
      },
      box({ width: 18, height: 18, borderRadius: 9, background: CARD_COLOURS.good, flexShrink: 0 }),
      box({ display: "block", lineClamp: 2 }, drawable(card.status)),
    ),
    box({ fontSize: 30, color: CARD_COLOURS.accent }, card.site),
  );
}

/**
 * Draws cards as PNGs with the files `read` finds where the runtime keeps them: the wasm
 * and each font read on the first card that needs it, and kept for the next.
 */
export function previewDrawer(read: PackageFiles): (card: PreviewCard) => Promise<Uint8Array<ArrayBuffer>> {
  const fonts = new Cache<Promise<Font>>();
  return async function drawPreview(card) {
    const started = resvgStarts.get(RESVG_WASM, () => read(RESVG_WASM).then((wasm) => initWasm(wasm)));
    const texts = Object.values(card).filter((value): value is string => typeof value === "string");
    const [, loaded] = await Promise.all([started, fontsFor(texts, read, fonts)]);
    const fontFamily = [...new Set(loaded.map(({ name }) => name))].join(",");
    const svg = await satori(cardTree(card, fontFamily) as never, {
      width: WIDTH,
      height: HEIGHT,
      fonts: loaded,
    });
    const resvg = new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
    const rendered = resvg.render();
    const png = rendered.asPng();
    rendered.free();
    resvg.free();
    return png as Uint8Array<ArrayBuffer>;
  };
}

/** One card as a PNG, its files read for it: for a command that draws once. */
export function drawPreview(card: PreviewCard, read: PackageFiles): Promise<Uint8Array<ArrayBuffer>> {
  return previewDrawer(read)(card);
}
