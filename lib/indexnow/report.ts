/**
 * @module The release report: what `POST /api/ping-indexnow` answers, and `bun run notify`
 * reads. Each engine's latest answer for the running release, whether a later trigger
 * sends it again, and whether this call submitted anything at all.
 */
import { Type as t } from "@sinclair/typebox";
import { ENGINE_OUTCOMES, isFinal } from "./outcomes.ts";
import { OVERALL_OUTCOMES, overallOutcome } from "./submission.ts";
import type { IndexNowPayload } from "./submit.ts";
import type { Delivery, TriggerResult } from "./trigger.ts";

export function releaseReport(result: TriggerResult, payload: IndexNowPayload, release: string) {
  return {
    outcome: overallOutcome(result.deliveries),
    release,
    alreadySent: result.submitted === undefined,
    coalesced: result.coalesced,
    submittedAt: result.firstSubmittedAt.toISOString(),
    host: payload.host,
    keyLocation: payload.keyLocation,
    urls: payload.urlList,
    engines: result.deliveries.map(engineRow),
    durationMs: result.submitted?.durationMs ?? 0,
  };
}

export type ReleaseReport = ReturnType<typeof releaseReport>;

/** An engine's line: its latest answer for this release, and whether a later trigger retries it. */
function engineRow({ submittedAt, ...report }: Delivery) {
  return { ...report, submittedAt: submittedAt.toISOString(), retryable: !isFinal(report.outcome) };
}

const engineRowSchema = () =>
  t.Object({
    name: t.String({ description: "The engine, e.g. Bing" }),
    endpoint: t.String({ format: "uri", description: "Where the submission was POSTed" }),
    status: t.Union([t.Integer(), t.Null()], { description: "The engine's HTTP status; null if none" }),
    outcome: t.Union(
      ENGINE_OUTCOMES.map((outcome) => t.Literal(outcome)),
      { description: "accepted: 200 or 202; rejected: 400, 403, 422 or another 4xx" },
    ),
    explanation: t.String({ description: "What the status means, per the IndexNow protocol" }),
    retryAfter: t.Optional(t.String({ description: "The engine's Retry-After, on a 429" })),
    attempts: t.Integer({ minimum: 1, maximum: 2, description: "One retry for network errors and 5xx" }),
    durationMs: t.Integer({ minimum: 0 }),
    submittedAt: t.String({ format: "date-time", description: "When the submission it answered started" }),
    retryable: t.Boolean({
      description:
        "True when a later trigger sends this release to the engine again (after a 429, a " +
        "timeout, or a network or server error); accepted and rejected are final",
    }),
  });

export const releaseReportSchema = () =>
  t.Object({
    outcome: t.Union(
      OVERALL_OUTCOMES.map((outcome) => t.Literal(outcome)),
      {
        description:
          "Over the release so far, each engine by its latest answer: accepted, every engine " +
          "accepted; partial, some did; failed, none did",
      },
    ),
    release: t.String({
      description: "The release the report is about: the version, and a digest of the content",
    }),
    alreadySent: t.Boolean({
      description:
        "True when this call submitted nothing: every engine had answered this release for " +
        "good, and the report is the earlier submissions'",
    }),
    coalesced: t.Boolean({ description: "True when this call joined a submission already in flight" }),
    submittedAt: t.String({ format: "date-time", description: "When this release was first submitted" }),
    host: t.String({ description: "The `host` sent to the engines" }),
    keyLocation: t.String({ format: "uri", description: "Where the engines fetch the key file" }),
    urls: t.Array(t.String({ format: "uri" }), { description: "Every URL submitted" }),
    engines: t.Array(engineRowSchema()),
    durationMs: t.Integer({ minimum: 0, description: "This call's submission; 0 when it sent nothing" }),
  });
