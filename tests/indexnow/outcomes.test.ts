import { describe, expect, it } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import {
  ENGINE_OUTCOMES,
  engineName,
  isFinal,
  isRetryable,
  meaningOf,
  STATUS_MEANINGS,
} from "../../lib/indexnow/outcomes.ts";
import { releaseReportSchema } from "../../lib/indexnow/report.ts";
import { OVERALL_OUTCOMES, OVERALL_STATUS, overallOutcome } from "../../lib/indexnow/submission.ts";
import type { EngineReport } from "../../lib/indexnow/submit.ts";

describe("IndexNow status meanings", () => {
  it("names every status the protocol lists", () => {
    expect(Object.keys(STATUS_MEANINGS).map(Number)).toEqual([200, 202, 400, 403, 422, 429]);
  });

  it.each([
    [200, "accepted"],
    [202, "accepted"],
    [204, "accepted"],
    [400, "rejected"],
    [403, "rejected"],
    [404, "rejected"],
    [422, "rejected"],
    [429, "rate_limited"],
    [500, "error"],
    [503, "error"],
  ] as const)("maps %i to %s", (status, outcome) => {
    expect(meaningOf(status).outcome).toBe(outcome);
    expect(meaningOf(status).explanation.length).toBeGreaterThan(10);
  });

  it("retries server errors only", () => {
    expect([200, 403, 422, 429, 500, 502].filter(isRetryable)).toEqual([500, 502]);
  });

  it("names known engines and falls back to the endpoint's host", () => {
    expect(engineName("https://www.bing.com/indexnow")).toBe("Bing");
    expect(engineName("https://yandex.com/indexnow")).toBe("Yandex");
    expect(engineName("http://127.0.0.1:8123/indexnow")).toBe("127.0.0.1:8123");
  });
});

describe("the overall outcome", () => {
  const report = (outcome: EngineReport["outcome"]) => ({ outcome }) as EngineReport;
  it.each([
    [["accepted", "accepted"], "accepted", 200],
    [["accepted", "timeout"], "partial", 207],
    [["rejected", "accepted"], "partial", 207],
    [["rate_limited", "error"], "failed", 502],
  ] as const)("%p is %s (HTTP %i)", (outcomes, overall, status) => {
    const result = overallOutcome(outcomes.map(report));
    expect(result).toBe(overall);
    expect(OVERALL_STATUS[result]).toBe(status);
  });
});

describe("the release report's schema", () => {
  const schema = releaseReportSchema();
  const outcomesIn = (union: unknown) =>
    (union as { anyOf: { const: string }[] }).anyOf.map((literal) => literal.const);

  it("allows exactly the engine outcomes the code gives, accepted and rejected being final", () => {
    expect(outcomesIn(schema.properties.engines.items.properties.outcome)).toEqual([
      "accepted",
      "rejected",
      "rate_limited",
      "timeout",
      "error",
    ]);
    expect(ENGINE_OUTCOMES.filter(isFinal)).toEqual(["accepted", "rejected"]);
  });

  it("allows exactly the overall outcomes that have an HTTP status", () => {
    expect(outcomesIn(schema.properties.outcome)).toEqual(["accepted", "partial", "failed"]);
    expect(OVERALL_OUTCOMES).toEqual(Object.keys(OVERALL_STATUS) as typeof OVERALL_OUTCOMES);
    expect(Value.Check(schema.properties.outcome, "partial")).toBe(true);
    expect(Value.Check(schema.properties.outcome, "rejected")).toBe(false);
  });
});
