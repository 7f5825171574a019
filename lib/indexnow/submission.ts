/**
 * @module One IndexNow submission: the same payload to every engine, in parallel and
 * independently, summed up as one report and one HTTP status (200 / 207 / 502).
 */
import { type EngineReport, type IndexNowPayload, submitToEngine } from "./submit.ts";

/** The overall outcome and the HTTP status that carries it. */
export const OVERALL_STATUS = {
  accepted: 200,
  partial: 207,
  failed: 502,
} as const satisfies Record<string, 200 | 207 | 502>;

export type OverallOutcome = keyof typeof OVERALL_STATUS;
/** Every overall outcome, in the table's order: the report's schema and the metrics list them. */
export const OVERALL_OUTCOMES = Object.keys(OVERALL_STATUS) as OverallOutcome[];

export interface SubmissionReport {
  /** accepted: every engine accepted; partial: some did; failed: none did. */
  readonly outcome: OverallOutcome;
  readonly submittedAt: string;
  readonly host: string;
  readonly keyLocation: string;
  readonly urls: readonly string[];
  readonly engines: readonly EngineReport[];
  readonly durationMs: number;
}

export function overallOutcome(engines: readonly EngineReport[]): OverallOutcome {
  const accepted = engines.filter((engine) => engine.outcome === "accepted").length;
  if (accepted === engines.length) return "accepted";
  return accepted === 0 ? "failed" : "partial";
}

export interface SubmitAllOptions {
  readonly endpoints: readonly string[];
  readonly timeoutMs: number;
  readonly backoffMs?: number;
  readonly now: Date;
}

/** Notifies every engine at once; resolves when the last one answered or timed out. */
export async function submitAll(
  payload: IndexNowPayload,
  options: SubmitAllOptions,
): Promise<SubmissionReport> {
  const started = performance.now();
  const engines = await Promise.all(
    options.endpoints.map((endpoint) =>
      submitToEngine(endpoint, payload, { timeoutMs: options.timeoutMs, backoffMs: options.backoffMs }),
    ),
  );
  return {
    outcome: overallOutcome(engines),
    submittedAt: options.now.toISOString(),
    host: payload.host,
    keyLocation: payload.keyLocation,
    urls: payload.urlList,
    engines,
    durationMs: Math.round(performance.now() - started),
  };
}
