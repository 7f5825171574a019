import { describe, expect, it } from "bun:test";
import { CooldownActive, guardedTrigger } from "../../lib/indexnow/trigger.ts";

describe("guardedTrigger", () => {
  it("shares one submission among triggers that arrive while it runs", async () => {
    let runs = 0;
    const trigger = guardedTrigger(
      async () => {
        runs++;
        await Bun.sleep(20);
        return runs;
      },
      { cooldownSeconds: 0, clock: Date.now },
    );
    const results = await Promise.all([trigger(), trigger(), trigger()]);
    expect(runs).toBe(1);
    expect(results.map((r) => r.result)).toEqual([1, 1, 1]);
    expect(results.filter((r) => r.coalesced)).toHaveLength(2);
  });

  it("refuses a trigger inside the cooldown with the seconds left, rounded up", async () => {
    let now = 1_000_000;
    const trigger = guardedTrigger(async () => "done", { cooldownSeconds: 60, clock: () => now });
    await trigger();
    now += 30_100;
    const refusal = await trigger().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CooldownActive);
    expect((refusal as CooldownActive).retryAfterSeconds).toBe(30);
    expect((refusal as CooldownActive).lastSubmissionAt.getTime()).toBe(1_000_000);
    now += 29_900;
    expect((await trigger()).result).toBe("done");
  });

  it("starts the cooldown even when the submission fails, and frees the slot", async () => {
    let calls = 0;
    const trigger = guardedTrigger(
      async () => {
        calls++;
        throw new Error("boom");
      },
      { cooldownSeconds: 0, clock: Date.now },
    );
    await expect(trigger()).rejects.toThrow("boom");
    await expect(trigger()).rejects.toThrow("boom");
    expect(calls).toBe(2);
  });
});
