/**
 * @module The preview image as an answer, at `/preview.png`, the same for every client:
 * the card for now (`lib/profile/model/preview-card.ts`), looked at once a minute (the
 * content is fixed while the server runs; the offset changes at daylight saving time),
 * drawn the first time it is asked for and kept while the card stays the same, never per
 * request; a drawing that failed is not kept, so the next request draws it again. Its strong ETag is made from what it draws (the card, the drawing's edition and
 * the versions of what draws it), so the tag is known before the image is, and the same
 * on every runtime. Cached as the other prepared answers are.
 */
import pkg from "../../package.json" with { type: "json" };
import { CACHE_CONTROL, CONTENT_TYPE } from "../http/headers.ts";
import { PreparedResponse, strongEtag } from "../http/prepared-response.ts";
import { type PreviewCard, previewCard } from "../profile/model/preview-card.ts";
import type { Site } from "../site/site.ts";
import { Cache, lazy } from "../utils/cache.ts";
import type { PreviewMetrics } from "./metrics.ts";

/**
 * How `draw.ts` draws, as a number that is part of the ETag: raise it with any change to
 * the drawing, so that a client holding the old image gets the new one.
 */
export const DRAWING_EDITION = 1;

/** What the image answers: the PNG, or a 304 to a client that holds it. */
export interface PreviewImage {
  respond(request: Request): Promise<Response>;
}

/** The strong ETag of the image of `card`: from everything that decides its pixels. */
export function previewEtag(card: PreviewCard): string {
  const { satori, "@resvg/resvg-wasm": resvg, "@fontsource/noto-sans": font } = pkg.dependencies;
  return strongEtag(JSON.stringify({ card, edition: DRAWING_EDITION, satori, resvg, font }));
}

/** The site's preview image, drawn with the files `site.packageFile` reads. */
export function previewImage(site: Site, metrics: PreviewMetrics): PreviewImage {
  const cards = new Cache<{ card: PreviewCard; etag: string }>({ every: { ms: 60_000, clock: site.clock } });
  // The one image of the card now: a new card is a new key, and the old image goes. A
  // drawing that failed is not kept: the next request draws again.
  const images = new Cache<Promise<PreparedResponse>>({ limit: 1 });
  const drawer = lazy(() => import("./draw.ts").then(({ previewDrawer }) => previewDrawer(site.packageFile)));

  async function draw(card: PreviewCard, etag: string): Promise<PreparedResponse> {
    const started = performance.now();
    try {
      const drawPreview = await drawer();
      const png = await drawPreview(card);
      metrics.drawn("drawn", (performance.now() - started) / 1000);
      return new PreparedResponse(png, {
        contentType: CONTENT_TYPE.png,
        cacheControl: CACHE_CONTROL.content,
        etag,
        vary: false,
        compressible: false,
      });
    } catch (error) {
      metrics.drawn("failed", (performance.now() - started) / 1000);
      throw error;
    }
  }

  return {
    async respond(request) {
      const { card, etag } = cards.get("card", (at) => {
        const card = previewCard(site.content, site.config.siteUrl, at);
        return { card, etag: previewEtag(card) };
      });
      const image = await images.get(etag, () => draw(card, etag));
      return image.respond(request);
    },
  };
}
