import { describe, expect, test } from "bun:test";
import { LONGEST_WAIT_MS, Poller, type Read } from "../../lib/outbound/poller.ts";
import { READ_OUTCOMES } from "../../lib/replies/read.ts";

type Outcome = keyof typeof READ_OUTCOMES;

/** A poller whose reads answer what the test says, on a clock the test moves. */
function polled(answers: Read<Outcome>[], refreshMs = 300_000) {
  let now = Date.parse("2026-11-29T12:00:00Z");
  const nextReads: number[] = [];
  let reads = 0;
  const poller = new Poller<Outcome, Read<Outcome>>({
    refreshMs,
    clock: () => now,
    outcomes: READ_OUTCOMES,
    read: async () => {
      reads++;
      return answers.shift() ?? { outcome: "updated", status: 200 };
    },
    apply: (_result, { nextReadAt }) => nextReads.push(nextReadAt - now),
  });
  return {
    poller,
    nextReads,
    reads: () => reads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("when the next read is", () => {
  test("a refresh interval after a read, or later when the read asks, never more than an hour", async () => {
    const { poller, nextReads } = polled([
      { outcome: "updated", status: 200 },
      { outcome: "rate_limited", status: 429, notBefore: Date.parse("2026-11-29T12:20:00Z") },
      { outcome: "rate_limited", status: 429, notBefore: Date.parse("2026-11-30T12:00:00Z") },
    ]);
    await poller.read();
    await poller.read();
    await poller.read();
    expect(nextReads).toEqual([300_000, 1200_000, LONGEST_WAIT_MS]);
  });

  test("only while started; an answer that finds one overdue starts it, and one at a time", async () => {
    const { poller, reads, advance } = polled([]);
    poller.readIfDue();
    expect(reads()).toBe(0);
    poller.start();
    poller.readIfDue();
    expect(reads()).toBe(1);
    await poller.read();
    advance(299_000);
    poller.readIfDue();
    expect(reads()).toBe(1);
    advance(1000);
    poller.readIfDue();
    poller.readIfDue();
    expect(reads()).toBe(2);
    poller.stop();
  });
});

describe("one read at a time", () => {
  test("a read asked for while one is under way is that read", async () => {
    const { poller, reads } = polled([]);
    const first = poller.read();
    const second = poller.read();
    expect(second).toBe(first);
    await first;
    expect(reads()).toBe(1);
  });

  test("a failed read is followed by another a refresh interval later", async () => {
    const { poller, nextReads } = polled([{ outcome: "timeout", error: "no whole answer within 5000 ms" }]);
    await poller.read();
    expect(nextReads).toEqual([300_000]);
    expect(poller.problem()).toBe(
      "the latest read, 2026-11-29T12:00:00.000Z: no whole answer within 5000 ms",
    );
  });
});

describe("what it says is wrong", () => {
  test("nothing read yet, the latest read's failure, then no confirming read for two intervals", async () => {
    const { poller, advance } = polled([
      { outcome: "updated", status: 200 },
      { outcome: "timeout", error: "no whole answer within 5000 ms" },
    ]);
    expect(poller.problem()).toBe("not read yet");
    await poller.read();
    expect(poller.problem()).toBeUndefined();
    advance(600_001);
    expect(poller.problem()).toBe("no read since 2026-11-29T12:00:00.000Z");
    await poller.read();
    expect(poller.problem()).toBe(
      "the latest read, 2026-11-29T12:10:00.001Z: no whole answer within 5000 ms",
    );
    expect(poller.confirmedAt).toBe(Date.parse("2026-11-29T12:00:00Z"));
  });
});
