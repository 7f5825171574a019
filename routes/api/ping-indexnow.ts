/**
 * POST /api/ping-indexnow: tells IndexNow search engines that the site changed, once per
 * release. Called by the release pipeline after each deploy; it needs no credential, so
 * anyone may call it, and nothing anyone does sends a release twice to an engine that has
 * answered for good, or sooner than the cooldown.
 */
import { sitePages } from "../../lib/crawlers/site-pages.ts";
import { exampleReleaseId } from "../../lib/docs/examples.ts";
import { errors, jsonBody } from "../../lib/docs/responses.ts";
import { ApiError } from "../../lib/http/errors.ts";
import { LIMITS, readBody } from "../../lib/http/limits.ts";
import { uncachedJson } from "../../lib/http/prepared-response.ts";
import { indexNow } from "../../lib/indexnow/feature.ts";
import { replayToCoordinator } from "../../lib/indexnow/one-per-app.ts";
import type { EngineOutcome } from "../../lib/indexnow/outcomes.ts";
import { releaseReport, releaseReportSchema } from "../../lib/indexnow/report.ts";
import { indexNowPayload } from "../../lib/indexnow/service.ts";
import { OVERALL_STATUS } from "../../lib/indexnow/submission.ts";
import { CooldownActive, type Delivery } from "../../lib/indexnow/trigger.ts";
import { defineRoute, type Site } from "../../lib/site/site.ts";

const EXAMPLE_SUBMITTED_AT = new Date("2026-11-21T14:05:09.000Z");
/** The key is an example: the real one is the owner's. */
const EXAMPLE_KEY = "5f2b9c0e4d7a41c8";

/** An engine's answer to the example submission, as the trigger records it. */
const delivery = (
  name: string,
  status: number | null,
  outcome: EngineOutcome,
  explanation: string,
): Delivery => ({
  name,
  endpoint: name === "Bing" ? "https://www.bing.com/indexnow" : "https://yandex.com/indexnow",
  status,
  outcome,
  explanation,
  attempts: 1,
  durationMs: 312,
  submittedAt: EXAMPLE_SUBMITTED_AT,
});
const bingOk = delivery("Bing", 200, "accepted", "OK: the URLs were submitted");
const yandexOk = delivery("Yandex", 202, "accepted", "Accepted: ...");
const yandexRefused = delivery("Yandex", 403, "rejected", "Forbidden: the key is not valid (...)");
const bingTimeout = delivery("Bing", null, "timeout", "No answer within 5000 ms");

/**
 * The report the route answers for these deliveries, built by `releaseReport` itself so the
 * example cannot drift from the answer; on this site's pages.
 */
const example = (site: Site, deliveries: Delivery[], alreadySent = false) =>
  releaseReport(
    {
      deliveries,
      firstSubmittedAt: EXAMPLE_SUBMITTED_AT,
      submitted: alreadySent
        ? undefined
        : { endpoints: deliveries.map(({ endpoint }) => endpoint), durationMs: 318 },
      coalesced: false,
    },
    indexNowPayload(
      site.config.siteUrl,
      sitePages(site.content, site.routes, site.config.siteUrl),
      EXAMPLE_KEY,
    ),
    exampleReleaseId(site.version),
  );

const cooldown = errors("rate_limited")["429"];

export const POST = defineRoute({
  detail: {
    summary: "Tell search engines the site changed (IndexNow)",
    description:
      "For release pipelines: submits the site's pages, the sitemap's list, " +
      "to every IndexNow engine (Bing and Yandex unless `INDEXNOW_ENDPOINTS` says otherwise), in " +
      "parallel, each within `INDEXNOW_TIMEOUT_MS` with one retry for network errors and 5xx, and " +
      "reports what each engine said. Once per release (a new version, or new content): the " +
      "first call for the running release submits; a later call, from anyone, submits nothing and " +
      "answers 200 with that release's report, marked `alreadySent: true`, unless an engine has " +
      "not answered for good (`retryable: true`: a 429, a timeout, a network or server error). " +
      "Such an engine gets the release again on a later call, no sooner than the cooldown " +
      "(`INDEXNOW_COOLDOWN_SECONDS`) allows: inside it, 429. Concurrent calls share one " +
      "submission. No body and no credential. The key file is served at `keyLocation`. " +
      "On Fly.io all of this holds for the whole app: every machine hands the trigger to one of " +
      "them (421 with `fly-replay`, which the proxy acts on), and a 504 says that machine could " +
      "not be reached.",
    tags: ["release"],
    responses: (site) => ({
      200: {
        description:
          "This call submitted, and every engine accepted (200 or 202); or it submitted nothing, " +
          "as every engine had answered this release for good: `alreadySent: true`, with the " +
          "release's report, whatever its outcome",
        content: jsonBody(releaseReportSchema(), example(site, [bingOk, yandexOk], true)),
      },
      207: {
        description: "This call submitted; some engines have accepted the release, some not: see `engines`",
        content: jsonBody(releaseReportSchema(), example(site, [bingOk, yandexRefused])),
      },
      502: {
        description:
          "This call submitted; no engine has accepted the release: see `engines` (this is the " +
          "report, not the error envelope)",
        content: jsonBody(releaseReportSchema(), example(site, [bingTimeout, yandexRefused])),
      },
      429: {
        ...cooldown,
        description:
          "An engine still waits for this release, but the cooldown is on: nothing was " +
          "submitted. The envelope adds `retryAfterSeconds` and `lastSubmissionAt`",
        headers: {
          "Retry-After": { description: "Seconds until a trigger is accepted", schema: { type: "integer" } },
        },
      } as NonNullable<typeof cooldown>,
      ...errors("request_timeout", "not_configured", "misdirected_request", "coordinator_unreachable"),
    }),
  },
  setup(site) {
    const { notReady, trigger, payload, release } = site.service(indexNow);
    const { drainSignal } = site.lifecycle;
    return async function pingIndexNow({ client, request }) {
      await readBody(request, LIMITS.bodyBytes, drainSignal, ": this endpoint needs no body");
      if (notReady) throw new ApiError("not_configured", notReady);
      const replay = await replayToCoordinator(request, client, site.config.fly);
      if (replay) return replay;
      let result: Awaited<ReturnType<typeof trigger>>;
      try {
        result = await trigger();
      } catch (error) {
        if (!(error instanceof CooldownActive)) throw error;
        throw new ApiError("rate_limited", `Too soon: ${error.message}; nothing was submitted`, {
          headers: { "retry-after": String(error.retryAfterSeconds) },
          details: {
            retryAfterSeconds: error.retryAfterSeconds,
            lastSubmissionAt: error.lastSubmissionAt.toISOString(),
          },
        });
      }
      const report = releaseReport(result, payload, release);
      return uncachedJson(report, {
        pretty: client.prettyJson,
        status: report.alreadySent ? 200 : OVERALL_STATUS[report.outcome],
        vary: false,
      });
    };
  },
});
