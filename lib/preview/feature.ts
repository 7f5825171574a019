/**
 * @module The preview image as a feature: the card link previews show when the site is
 * shared, served at `/preview.png` beside the page (no endpoint of the API's table), drawn
 * once per change of the card; its drawings counted. Its code and its files (fonts, wasm)
 * load on the first image asked for (docs/preview.md).
 */
import { PREVIEW_IMAGE } from "../profile/model/preview-card.ts";
import { defineFeature } from "../site/feature.ts";
import { PREVIEW_FILES } from "./files.ts";
import { previewMetrics } from "./metrics.ts";
import { type PreviewImage, previewImage } from "./preview-image.ts";

export const preview = defineFeature<PreviewImage>({
  name: "preview",
  docs: "docs/preview.md",
  packageFiles: PREVIEW_FILES,
  setup: (site) => previewImage(site, previewMetrics(site.metrics)),
  serves: (image) => [
    {
      method: "GET",
      path: PREVIEW_IMAGE.path,
      handler: function previewPng({ request }) {
        return image.respond(request);
      },
    },
  ],
});
