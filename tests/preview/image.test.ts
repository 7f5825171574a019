/**
 * The preview image at /preview.png: a 1200×630 PNG of the card, the same for every client,
 * cached as the other prepared answers, with a strong ETag from what it draws and its
 * 304; drawn once while the card stays the same, and again after a drawing that failed;
 * legible (WCAG AA, and read back by tesseract); in the owner's script; its code loaded by
 * neither entry point at start-up.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { CACHE_CONTROL } from "../../lib/http/headers.ts";
import { CARD_COLOURS } from "../../lib/preview/draw.ts";
import { previewEtag } from "../../lib/preview/preview-image.ts";
import { PREVIEW_IMAGE, previewAlt, previewCard } from "../../lib/profile/model/preview-card.ts";
import { fromNodeModules, type PackageFiles } from "../../lib/runtime/package-files.ts";
import { afterResponses, as, FIXED_NOW, SITE_URL, sample, send, testApp, testSite } from "../support/app.ts";
import { ocr } from "../support/ocr.ts";
import { ownerFile, ownerFiles, ownerFilesWith } from "../support/owners.ts";
import { pngSize } from "../support/png.ts";

const png = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/** `site_preview_draws_total{outcome="drawn"}` as the app counts it. */
function drawn(site: ReturnType<typeof testSite>["site"]): number {
  const lines = site.metrics.families.flatMap((family) => family.lines());
  return Number(/^site_preview_draws_total\{outcome="drawn"\} (\d+)$/m.exec(lines.join("\n"))?.[1]);
}

describe("/preview.png", () => {
  const { app, site } = testSite();

  test("is a 1200×630 PNG, as its own header says, for every client alike", async () => {
    const bodies: string[] = [];
    for (const headers of [as.curl, as.browser, as.pythonRequests, as.noUserAgent]) {
      const response = await send(app, PREVIEW_IMAGE.path, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.has("vary")).toBe(false);
      expect(response.headers.has("content-encoding")).toBe(false);
      const body = await png(response);
      expect(pngSize(body)).toEqual({ width: 1200, height: 630 });
      bodies.push(Buffer.from(body).toString("base64"));
    }
    expect(new Set(bodies).size).toBe(1);
  });

  test("is cached as the other prepared answers, revalidated by a strong ETag from the card", async () => {
    const response = await send(app, PREVIEW_IMAGE.path, { "accept-encoding": "br, gzip" });
    expect(response.headers.get("cache-control")).toBe(CACHE_CONTROL.content);
    const etag = response.headers.get("etag");
    expect(etag).toBe(previewEtag(previewCard(sample, SITE_URL, FIXED_NOW)));
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await send(app, PREVIEW_IMAGE.path, { "if-none-match": etag as string });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  test("HEAD answers the headers without the body", async () => {
    const response = await send(app, PREVIEW_IMAGE.path, {}, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  test("is drawn once, however often it is asked for, while the card stays the same", async () => {
    await Promise.all(Array.from({ length: 5 }, () => send(app, PREVIEW_IMAGE.path)));
    await afterResponses();
    expect(drawn(site)).toBe(1);
  });

  test("reads as the card says, to an OCR engine: name, role, place, time zone and status", async () => {
    const text = ocr(await png(await send(app, PREVIEW_IMAGE.path)));
    for (const words of [
      sample.profile.name,
      sample.profile.role,
      `${sample.profile.location.city}, ${sample.profile.location.country}`,
      "GMT",
      sample.now.status,
      "rin.example",
    ]) {
      expect(text).toContain(words);
    }
  });
});

describe("a drawing that failed", () => {
  test("is drawn again on the next request: a 500, then the image", async () => {
    // The runtime's files, unreadable until the first answer has gone (a disk that was busy, say).
    let readable = false;
    const packageFile: PackageFiles = (path) =>
      readable ? fromNodeModules(path) : Promise.reject(new Error(`${path} could not be read`));
    const { app, site } = testSite({ packageFile });
    const failed = await send(app, PREVIEW_IMAGE.path);
    expect(failed.status).toBe(500);
    readable = true;
    const drawnAgain = await send(app, PREVIEW_IMAGE.path);
    expect(drawnAgain.status).toBe(200);
    expect(pngSize(await png(drawnAgain))).toEqual({ width: 1200, height: 630 });
    await afterResponses();
    expect(drawn(site)).toBe(1);
  });
});

describe("the card's words and colours", () => {
  test("its alt text says what it shows", () => {
    expect(previewAlt(previewCard(sample, SITE_URL, FIXED_NOW))).toBe(
      "Rin Hayashi, Staff ML Engineer, in Lisbon, Portugal (GMT). Now: Rebuilding our eval harness; learning to surf, badly",
    );
  });

  test("another card is another tag: the status, and the offset at daylight saving time", () => {
    const card = previewCard(sample, SITE_URL, FIXED_NOW);
    expect(previewEtag({ ...card, status: "Something else" })).not.toBe(previewEtag(card));
    const summer = previewCard(sample, SITE_URL, new Date("2026-07-01T12:00:00Z"));
    expect(summer.offset).toBe("GMT+1");
    expect(previewEtag(summer)).not.toBe(previewEtag(card));
  });

  /** WCAG 2.x contrast of two `#rrggbb` colours, 1 to 21. */
  function contrast(a: string, b: string): number {
    const luminance = (hex: string) => {
      const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    };
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (high + 0.05) / (low + 0.05);
  }

  test("every text colour meets WCAG AA (4.5:1) on the background and on the status's panel", () => {
    const { background, panel, ...inks } = CARD_COLOURS;
    for (const [role, ink] of Object.entries(inks)) {
      for (const ground of [background, panel]) {
        expect({ role, ratio: Math.min(contrast(ink, ground), 4.5) }).toEqual({ role, ratio: 4.5 });
      }
    }
  });
});

describe("the owner's script", () => {
  test("Devanagari is drawn shaped, and read back in Hindi by tesseract", async () => {
    const app = testApp({ files: ownerFiles("anuradha") });
    const text = ocr(await png(await send(app, PREVIEW_IMAGE.path)), "hin+eng");
    expect(text).toContain("Independent survey statistician");
    expect(text).toContain("वेंकटरमणन");
    expect(text).toContain("GMT+5:30");
  });

  test("diacritics are drawn: a Polish and Nordic name, a French role, read back around them", async () => {
    const profile = { ...ownerFile("rin", "profile.json"), name: "Zoe Lukasiewicz-Orsted" };
    const plain = ocr(
      await png(
        await send(
          testApp({ files: ownerFilesWith("rin", { "profile.json": profile }) }),
          PREVIEW_IMAGE.path,
        ),
      ),
    );
    expect(plain).toContain("Zoe Lukasiewicz-Orsted");
    const accented = { ...profile, name: "Zoë Łukasiewicz-Ørsted", role: "Ingénieure données, Kraków" };
    const app = testApp({ files: ownerFilesWith("rin", { "profile.json": accented }) });
    const image = await png(await send(app, PREVIEW_IMAGE.path));
    expect(pngSize(image)).toEqual({ width: 1200, height: 630 });
    // tesseract's English data reads no diacritics: the letters around them read back.
    expect(ocr(image)).toMatch(/Ing.nieure donn.es, Krak.w/);
  });
});

describe("loaded only when an image is first asked for", () => {
  const root = join(import.meta.dir, "..", "..");
  /** Static imports (type imports aside) of a module: what loads with it. */
  const STATIC =
    /(?:^|\n)\s*import\s+(?!type\b)[^;]*?\bfrom\s*["']([^"']+)["']|(?:^|\n)\s*export\s+(?!type\b)[^;]*?\bfrom\s*["']([^"']+)["']/g;

  /** Every module and package the entry point loads at start-up, following static imports. */
  function loadedAtStart(entry: string): Set<string> {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const match of readFileSync(join(root, file), "utf8").matchAll(STATIC)) {
        const specifier = (match[1] ?? match[2]) as string;
        if (specifier.startsWith(".")) visit(normalize(join(dirname(file), specifier)));
        else seen.add(specifier);
      }
    };
    visit(entry);
    return seen;
  }

  test.each(["server.ts", "server.deno.ts"])(
    "%s loads neither the drawing nor satori and resvg at start-up",
    (entry) => {
      const loaded = loadedAtStart(entry);
      expect(loaded.has("lib/preview/feature.ts")).toBe(true);
      for (const drawing of ["lib/preview/draw.ts", "lib/preview/fonts.ts", "satori", "@resvg/resvg-wasm"]) {
        expect({ drawing, loaded: loaded.has(drawing) }).toEqual({ drawing, loaded: false });
      }
      expect(readFileSync(join(root, "lib/preview/preview-image.ts"), "utf8")).toContain(
        'import("./draw.ts")',
      );
    },
  );
});
