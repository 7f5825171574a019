/**
 * @module Telling search engines the site changed, as a feature: the `INDEXNOW_*`
 * variables, the running release's trigger (`service.ts`) that `POST /api/ping-indexnow`
 * submits through, its submissions counted, the key file served at the path the key
 * names, and each engine's last answer in the heartbeat (`indexnow:submission`)
 * (docs/indexnow.md).
 */
import { sitePages } from "../crawlers/site-pages.ts";
import { defineFeature } from "../site/feature.ts";
import type { CheckItem, HealthChecks, HealthStatus } from "../site/health.ts";
import { INDEXNOW_SETTINGS, type IndexNowConfig } from "./config.ts";
import { keyFileRoutes } from "./key-file.ts";
import { indexNowMetrics } from "./metrics.ts";
import { type IndexNowService, indexNowService } from "./service.ts";
import type { Delivery } from "./trigger.ts";

/** What an engine's outcome makes of its check: anything but accepted needs a look, or a retry. */
const ENGINE_STATUS: Readonly<Record<Delivery["outcome"], HealthStatus>> = {
  accepted: "pass",
  rejected: "warn",
  rate_limited: "warn",
  timeout: "warn",
  error: "warn",
};

/** An engine's check: its latest answer to this release. */
function engineCheck(delivery: Delivery, release: string): CheckItem {
  const status = ENGINE_STATUS[delivery.outcome];
  return {
    componentId: delivery.name,
    componentType: "system",
    observedValue: delivery.outcome,
    status,
    time: delivery.submittedAt.toISOString(),
    ...(status !== "pass" && { output: delivery.explanation }),
    httpStatus: delivery.status,
    release,
  };
}

export const indexNow = defineFeature<IndexNowService, IndexNowConfig>({
  name: "indexnow",
  docs: "docs/indexnow.md",
  settings: INDEXNOW_SETTINGS,
  setup: (site, config) =>
    indexNowService({
      config,
      siteUrl: site.config.siteUrl,
      pages: sitePages(site.content, site.routes, site.config.siteUrl),
      release: site.release,
      clock: site.clock,
      log: site.log,
      metrics: indexNowMetrics(site.metrics),
    }),
  health: {
    keys: "`indexnow:submission`, one item per engine, once this machine has submitted the release",
    check({ notReady, trigger, release }): HealthChecks {
      const deliveries = notReady ? [] : trigger.deliveries();
      if (deliveries.length === 0) return {};
      return { "indexnow:submission": deliveries.map((delivery) => engineCheck(delivery, release)) };
    },
  },
  // Not a route file: its path is the configured key, so it cannot be a file name.
  serves: ({ key }) => keyFileRoutes(key),
});
