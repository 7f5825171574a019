/**
 * @module What the preview image counts: each drawing, by how it ended, and how long the
 * last one took (the first, which loads the drawing code, takes longest).
 */
import type { Metrics } from "../metrics/registry.ts";

export interface PreviewMetrics {
  /** A drawing ended: `drawn` after `seconds`, or `failed`. */
  drawn(outcome: "drawn" | "failed", seconds: number): void;
}

/** Registers the preview image's families in `metrics`. */
export function previewMetrics(metrics: Metrics): PreviewMetrics {
  const draws = metrics.counter(
    "site_preview_draws_total",
    "Preview images drawn, once per change of the card, by outcome (drawn, failed).",
    ["outcome"],
  );
  for (const outcome of ["drawn", "failed"]) draws.inc([outcome], 0);
  let lastSeconds: number | undefined;
  metrics.gauge(
    "site_preview_last_draw_seconds",
    "How long the latest preview image took to draw, its code loaded first if it was the first.",
    [],
    () => (lastSeconds === undefined ? [] : [[[], lastSeconds] as const]),
  );
  return {
    drawn(outcome, seconds) {
      draws.inc([outcome]);
      if (outcome === "drawn") lastSeconds = seconds;
    },
  };
}
