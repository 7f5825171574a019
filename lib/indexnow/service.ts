/**
 * @module The running release's IndexNow trigger, built once per app: the feature's
 * service (`feature.ts`). `POST /api/ping-indexnow` submits through it, and the health
 * check at `/api/ping` reads what each engine last said of the release.
 */
import type { SitePage } from "../crawlers/site-pages.ts";
import type { Log } from "../runtime/log.ts";
import type { IndexNowConfig } from "./config.ts";
import { keyFilePath } from "./key-file.ts";
import type { IndexNowMetrics } from "./metrics.ts";
import { notReadyReason } from "./readiness.ts";
import type { SubmissionReport } from "./submission.ts";
import { submitAll } from "./submission.ts";
import type { IndexNowPayload } from "./submit.ts";
import { type ReleaseTrigger, releaseTrigger } from "./trigger.ts";

export interface IndexNowService {
  /** `INDEXNOW_KEY`; undefined when unset. */
  readonly key: string | undefined;
  /** Why this deployment cannot submit (no key, a SITE_URL engines reject); undefined when it can. */
  readonly notReady: string | undefined;
  readonly trigger: ReleaseTrigger;
  /** What every submission sends: the host, the key and where it is, the site's pages. */
  readonly payload: IndexNowPayload;
  /** The running release: the version and a digest of the content, sent once to each engine. */
  readonly release: string;
}

export interface IndexNowSetup {
  readonly config: IndexNowConfig;
  readonly siteUrl: string;
  /** The site's pages: what the sitemap lists (`lib/crawlers/site-pages.ts`). */
  readonly pages: readonly SitePage[];
  /** The running release (`lib/site/release.ts`). */
  readonly release: string;
  readonly clock: () => number;
  readonly log: Pick<Log, "event">;
  readonly metrics: IndexNowMetrics;
}

/**
 * What a submission sends for this site and key: the host, the key and where its file is,
 * and the site's pages. The route's documentation builds its example with it too.
 */
export function indexNowPayload(siteUrl: string, pages: readonly SitePage[], key: string): IndexNowPayload {
  return {
    host: new URL(siteUrl).host,
    key,
    keyLocation: `${siteUrl}${keyFilePath(key)}`,
    // Exactly what /sitemap.xml lists.
    urlList: pages.map(({ url }) => url),
  };
}

export function indexNowService({
  config,
  siteUrl,
  pages,
  release,
  clock,
  log,
  metrics,
}: IndexNowSetup): IndexNowService {
  const { key, endpoints, timeoutMs, cooldownSeconds } = config;
  const payload = indexNowPayload(siteUrl, pages, key ?? "");
  const trigger = releaseTrigger(
    async function submitRelease(to, startedAt) {
      const report = await submitAll(payload, { endpoints: to, timeoutMs, now: startedAt });
      log.event("indexnow.submission", { release, ...summarise(report) });
      metrics.submission(report);
      return report.engines;
    },
    { endpoints, cooldownSeconds, clock },
  );
  return { key, notReady: notReadyReason(key, siteUrl), trigger, payload, release };
}

/** The one log line per submission: engines, statuses, duration. */
function summarise(report: SubmissionReport) {
  return {
    outcome: report.outcome,
    urls: report.urls.length,
    durationMs: report.durationMs,
    engines: report.engines.map(({ name, status, outcome, attempts, durationMs }) => ({
      name,
      status,
      outcome,
      attempts,
      durationMs,
    })),
  };
}
