/**
 * @module What the IndexNow trigger counts: every submission by its overall outcome, and
 * what each engine made of it.
 */
import type { Metrics } from "../metrics/registry.ts";
import { OVERALL_OUTCOMES, type SubmissionReport } from "./submission.ts";

export interface IndexNowMetrics {
  /** One IndexNow submission, with what each engine said. */
  submission(report: SubmissionReport): void;
}

/** Registers the trigger's families in `metrics`. */
export function indexNowMetrics(metrics: Metrics): IndexNowMetrics {
  const submissions = metrics.counter(
    "site_indexnow_submissions_total",
    "IndexNow submissions, by overall outcome: accepted, partial or failed.",
    ["outcome"],
  );
  const engineResults = metrics.counter(
    "site_indexnow_engine_results_total",
    "What each IndexNow engine made of a submission, by engine and outcome.",
    ["engine", "outcome"],
  );
  for (const outcome of OVERALL_OUTCOMES) submissions.inc([outcome], 0);
  return {
    submission(report) {
      submissions.inc([report.outcome]);
      for (const { name, outcome } of report.engines) engineResults.inc([name, outcome]);
    },
  };
}
