import { describe, expect, it } from "bun:test";
import type { EngineOutcome } from "../../lib/indexnow/outcomes.ts";
import type { EngineReport } from "../../lib/indexnow/submit.ts";
import { CooldownActive, releaseTrigger, type Submit } from "../../lib/indexnow/trigger.ts";

const BING = "https://bing.example/indexnow";
const YANDEX = "https://yandex.example/indexnow";

/** A stand-in submission: each engine answers with the next outcome it was given; calls are recorded. */
function engines(outcomes: Record<string, EngineOutcome[]>) {
  const calls: string[][] = [];
  const submit: Submit = async (endpoints) => {
    calls.push([...endpoints]);
    await Bun.sleep(5);
    return endpoints.map(
      (endpoint) =>
        ({ endpoint, name: endpoint, outcome: outcomes[endpoint]?.shift() ?? "accepted" }) as EngineReport,
    );
  };
  return { submit, calls };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("releaseTrigger", () => {
  it("submits the release to every engine once; later triggers submit nothing and get its report", async () => {
    const { submit, calls } = engines({});
    let now = 1_000_000;
    const trigger = releaseTrigger(submit, {
      endpoints: [BING, YANDEX],
      cooldownSeconds: 300,
      clock: () => now,
    });
    const first = await trigger();
    expect(first.submitted?.endpoints).toEqual([BING, YANDEX]);
    now += 10_000;
    const later = await trigger();
    expect(later.submitted).toBeUndefined();
    expect(later.deliveries.map(({ outcome }) => outcome)).toEqual(["accepted", "accepted"]);
    expect(later.firstSubmittedAt).toEqual(new Date(1_000_000));
    expect(calls).toEqual([[BING, YANDEX]]);
  });

  it("shares one submission among triggers that arrive while it runs", async () => {
    const { submit, calls } = engines({});
    const trigger = releaseTrigger(submit, { endpoints: [BING], cooldownSeconds: 0, clock: Date.now });
    const results = await Promise.all([trigger(), trigger(), trigger()]);
    expect(calls).toHaveLength(1);
    expect(results.filter((result) => result.coalesced)).toHaveLength(2);
  });

  it("sends the release again only to an engine that has not answered for good, after the cooldown", async () => {
    const { submit, calls } = engines({ [YANDEX]: ["timeout", "accepted"] });
    let now = 1_000_000;
    const trigger = releaseTrigger(submit, {
      endpoints: [BING, YANDEX],
      cooldownSeconds: 60,
      clock: () => now,
    });
    expect((await trigger()).deliveries.map(({ outcome }) => outcome)).toEqual(["accepted", "timeout"]);
    now += 30_100;
    const refused = await refusal(trigger());
    expect(refused).toBeInstanceOf(CooldownActive);
    expect((refused as CooldownActive).retryAfterSeconds).toBe(30);
    expect((refused as CooldownActive).lastSubmissionAt).toEqual(new Date(1_000_000));
    now += 29_900;
    const retried = await trigger();
    expect(retried.submitted?.endpoints).toEqual([YANDEX]);
    expect(retried.deliveries.map(({ outcome, submittedAt }) => [outcome, submittedAt.getTime()])).toEqual([
      ["accepted", 1_000_000],
      ["accepted", 1_060_000],
    ]);
    expect(calls).toEqual([[BING, YANDEX], [YANDEX]]);
    expect((await trigger()).submitted).toBeUndefined();
  });

  it("takes a rejection as final: later triggers send nothing, and report it", async () => {
    const { submit, calls } = engines({ [YANDEX]: ["rejected"] });
    const trigger = releaseTrigger(submit, {
      endpoints: [BING, YANDEX],
      cooldownSeconds: 0,
      clock: Date.now,
    });
    await trigger();
    const later = await trigger();
    expect(later.submitted).toBeUndefined();
    expect(later.deliveries.map(({ outcome }) => outcome)).toEqual(["accepted", "rejected"]);
    expect(calls).toHaveLength(1);
  });

  it("starts the cooldown even when the submission fails: a second trigger inside it is refused", async () => {
    let calls = 0;
    let now = 1_000_000;
    const trigger = releaseTrigger(
      async () => {
        calls++;
        throw new Error("boom");
      },
      { endpoints: [BING], cooldownSeconds: 60, clock: () => now },
    );
    await expect(trigger()).rejects.toThrow("boom");
    now += 10_000;
    expect(await refusal(trigger())).toBeInstanceOf(CooldownActive);
    expect(calls).toBe(1);
    now += 50_000;
    await expect(trigger()).rejects.toThrow("boom");
    expect(calls).toBe(2);
  });
});
