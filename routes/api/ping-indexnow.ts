/**
 * POST /api/ping-indexnow: tells IndexNow search engines that the site changed. Called
 * by the release pipeline after each deploy; needs no credential, so a cooldown and
 * coalescing keep it from being used to spam the engines.
 */
import { Type as t } from "@sinclair/typebox";
import { sitePages } from "../../lib/crawlers/site-pages.ts";
import { errors, jsonBody } from "../../lib/docs/responses.ts";
import { ApiError } from "../../lib/http/errors.ts";
import { baseHeaders, CONTENT_TYPE } from "../../lib/http/headers.ts";
import { LIMITS, readBodyWithin } from "../../lib/http/limits.ts";
import { serialiseJson } from "../../lib/http/prepared-response.ts";
import { type AppContext, defineRoute } from "../../lib/http/route.ts";
import { keyFilePath } from "../../lib/indexnow/key-file.ts";
import { replayToCoordinator } from "../../lib/indexnow/one-per-app.ts";
import { notReadyReason } from "../../lib/indexnow/readiness.ts";
import { OVERALL_STATUS, type SubmissionReport, submitAll } from "../../lib/indexnow/submission.ts";
import { CooldownActive, guardedTrigger } from "../../lib/indexnow/trigger.ts";
import { once } from "../../lib/once.ts";

const engineReportSchema = () =>
  t.Object({
    name: t.String({ description: "The engine, e.g. Bing" }),
    endpoint: t.String({ format: "uri", description: "Where the submission was POSTed" }),
    status: t.Union([t.Integer(), t.Null()], { description: "The engine's HTTP status; null if none" }),
    outcome: t.Union(
      ["accepted", "rejected", "rate_limited", "timeout", "error"].map((outcome) => t.Literal(outcome)),
      { description: "accepted: 200 or 202; rejected: 400, 403, 422 or another 4xx" },
    ),
    explanation: t.String({ description: "What the status means, per the IndexNow protocol" }),
    retryAfter: t.Optional(t.String({ description: "The engine's Retry-After, on a 429" })),
    attempts: t.Integer({ minimum: 1, maximum: 2, description: "One retry for network errors and 5xx" }),
    durationMs: t.Integer({ minimum: 0 }),
  });

const indexNowReportSchema = () =>
  t.Object({
    outcome: t.Union([t.Literal("accepted"), t.Literal("partial"), t.Literal("failed")], {
      description: "accepted (HTTP 200): every engine accepted; partial (207): some; failed (502): none",
    }),
    coalesced: t.Boolean({ description: "True when this call joined a submission already in flight" }),
    submittedAt: t.String({ format: "date-time" }),
    host: t.String({ description: "The `host` sent to the engines" }),
    keyLocation: t.String({ format: "uri", description: "Where the engines fetch the key file" }),
    urls: t.Array(t.String({ format: "uri" }), { description: "Every URL submitted" }),
    engines: t.Array(engineReportSchema()),
    durationMs: t.Integer({ minimum: 0, description: "Time for the whole submission" }),
  });

const engine = (name: string, status: number | null, outcome: string, explanation: string) => ({
  name,
  endpoint: name === "Bing" ? "https://www.bing.com/indexnow" : "https://yandex.com/indexnow",
  status,
  outcome,
  explanation,
  attempts: 1,
  durationMs: 312,
});
/** A report for this site's pages; the key is an example, as the real one is the owner's. */
const example = (app: AppContext, outcome: string, engines: ReturnType<typeof engine>[]) => ({
  outcome,
  coalesced: false,
  submittedAt: "2026-11-21T14:05:09.000Z",
  host: new URL(app.config.siteUrl).host,
  keyLocation: `${app.config.siteUrl}${keyFilePath("5f2b9c0e4d7a41c8")}`,
  urls: sitePages(app.content, app.config.siteUrl).map(({ url }) => url),
  engines,
  durationMs: 318,
});
const bingOk = engine("Bing", 200, "accepted", "OK: the URLs were submitted");
const yandexRefused = engine("Yandex", 403, "rejected", "Forbidden: the key is not valid (...)");

const cooldown = errors(429)["429"];

export const POST = defineRoute({
  detail: {
    summary: "Tell search engines the site changed (IndexNow)",
    description:
      "For release pipelines: submits the site's root and the pages listed in `content/site.json` " +
      "to every IndexNow engine (Bing and Yandex unless `INDEXNOW_ENDPOINTS` says otherwise), in " +
      "parallel, each within `INDEXNOW_TIMEOUT_MS` with one retry for network errors and 5xx. " +
      "Reports what each engine said. No body and no credential; a cooldown " +
      "(`INDEXNOW_COOLDOWN_SECONDS`) answers 429 to triggers that come too soon, and " +
      "concurrent triggers share one submission. The key file is served at `keyLocation`. " +
      "On Fly.io the cooldown and coalescing hold for the whole app: every machine hands the " +
      "trigger to one of them (421 with `fly-replay`, which the proxy acts on), and a 504 says " +
      "that machine could not be reached.",
    tags: ["release"],
    responses: (app) => ({
      200: {
        description: "Every engine accepted (200 or 202)",
        content: jsonBody(
          indexNowReportSchema(),
          example(app, "accepted", [
            bingOk,
            { ...bingOk, ...engine("Yandex", 202, "accepted", "Accepted: ...") },
          ]),
        ),
      },
      207: {
        description: "Some engines accepted, some did not: see `engines`",
        content: jsonBody(indexNowReportSchema(), example(app, "partial", [bingOk, yandexRefused])),
      },
      502: {
        description: "No engine accepted: see `engines` (this is the report, not the error envelope)",
        content: jsonBody(
          indexNowReportSchema(),
          example(app, "failed", [
            { ...bingOk, ...engine("Bing", null, "timeout", "No answer within 5000 ms") },
            yandexRefused,
          ]),
        ),
      },
      429: {
        ...cooldown,
        description:
          "Inside the cooldown: nothing was submitted. The envelope adds `retryAfterSeconds` " +
          "and `lastSubmissionAt`",
        headers: {
          "Retry-After": { description: "Seconds until a trigger is accepted", schema: { type: "integer" } },
        },
      } as NonNullable<typeof cooldown>,
      ...errors(503, 421, 504),
    }),
  },
  setup(app) {
    const reason = notReadyReason(app.config);
    const { key, endpoints, timeoutMs, cooldownSeconds } = app.config.indexNow;
    const site = app.config.siteUrl;
    // Made by the first trigger: listing the pages sorts their dates, and the runtime's
    // first sort costs idle memory that a machine never asked to submit need not hold
    // (docs/decisions/2026-11-23-idle-memory-of-the-formats.md).
    const payload = once(() => ({
      host: new URL(site).host,
      key: key ?? "",
      keyLocation: `${site}${keyFilePath(key ?? "")}`,
      // Exactly what /sitemap.xml lists.
      urlList: sitePages(app.content, site).map(({ url }) => url),
    }));
    const trigger = guardedTrigger(
      async function submitNow(startedAt) {
        const report = await submitAll(payload(), { endpoints, timeoutMs, now: startedAt });
        app.log.event("indexnow.submission", summarise(report));
        app.metrics.indexNowSubmission(report);
        return report;
      },
      { cooldownSeconds, clock: app.clock },
    );

    return async function pingIndexNow({ client, request }) {
      await readBodyWithin(request, LIMITS.bodyBytes, ": this endpoint needs no body");
      if (reason) throw new ApiError(503, reason);
      const replay = await replayToCoordinator(request, app.config.fly);
      if (replay) return replay;
      let outcome: Awaited<ReturnType<typeof trigger>>;
      try {
        outcome = await trigger();
      } catch (error) {
        if (!(error instanceof CooldownActive)) throw error;
        throw new ApiError(429, `Too soon: ${error.message}; nothing was submitted`, {
          headers: { "retry-after": String(error.retryAfterSeconds) },
          details: {
            retryAfterSeconds: error.retryAfterSeconds,
            lastSubmissionAt: error.lastSubmissionAt.toISOString(),
          },
        });
      }
      const { result, coalesced } = outcome;
      const body = { outcome: result.outcome, coalesced, ...withoutOutcome(result) };
      return new Response(serialiseJson(body, client.prettyJson), {
        status: OVERALL_STATUS[result.outcome],
        headers: { ...baseHeaders(), "content-type": CONTENT_TYPE.json, "cache-control": "no-store" },
      });
    };
  },
});

function withoutOutcome({ outcome: _, ...rest }: SubmissionReport) {
  return rest;
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
