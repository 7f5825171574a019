/**
 * The owner's `.plan`, as `finger handle@site` shows it after the profile: the newest /now
 * updates, dated where the owner is, at most 80 columns a line, and nothing in a text that
 * could move a cursor, break a line or reorder what follows.
 */
import { describe, expect, test } from "bun:test";
import type { NowHistory } from "../../lib/content/schemas.ts";
import { fingerPlan, PLAN_UPDATES } from "../../lib/doors/finger/plan.ts";
import { visibleWidth } from "../../lib/profile/ansi/index.ts";
import { BIDI_CONTROL, CONTROL_CHARACTER, LINE_SEPARATOR } from "../../lib/utils/one-line-text.ts";

const update = (at: string, text: string, n = 0) => ({
  id: `urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  at,
  text,
});

describe("the plan", () => {
  test("the newest updates, newest first, each dated on the owner's day: 23:12 in Montevideo is the day before in UTC", () => {
    const history: NowHistory = Array.from({ length: 8 }, (_, i) =>
      update(`2026-11-${String(20 - i).padStart(2, "0")}T02:12:00Z`, `Update ${8 - i}`, i),
    );
    const lines = fingerPlan(history, "America/Montevideo").split("\n");
    expect(lines[0]).toBe("  Plan:");
    expect(lines.slice(1, -1)).toHaveLength(PLAN_UPDATES);
    expect(lines[1]).toBe("  2026-11-19  Update 8");
    expect(lines[PLAN_UPDATES]).toBe("  2026-11-15  Update 4");
    expect(lines.at(-1)).toBe("");
  });

  test("a long text, wide characters too, wraps under its first line, within 80 columns", () => {
    const long = `Reading: ${"長い本を読んでいます ".repeat(8)}and ${"more words ".repeat(10)}`;
    const lines = fingerPlan([update("2026-11-20T10:00:00Z", long)], "Europe/Lisbon")
      .trimEnd()
      .split("\n");
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(80);
    for (const line of lines.slice(2)) expect(line).toStartWith(" ".repeat(14));
  });

  test("no updates at all: No Plan.", () => {
    expect(fingerPlan([], "Europe/Lisbon")).toBe("  No Plan.\n");
  });
});

describe("a hostile text", () => {
  test.each([
    ["an escape sequence that clears the screen", "Reading: \x1b[2J\x1b[Hgotcha"],
    ["a bell and a backspace", "Building: \x07\x08\x08\x08oops"],
    ["a line break that forges a line of its own", "Learning: x\r\nLogin: root\r\nPlan: pwned"],
    ["a right-to-left override (Trojan Source)", "Reading: \u202egnp.exe"],
    ["a Unicode line separator", "Reading: one\u2028two\u2029three"],
    ["C1 controls", "Reading: \u009b2J"],
  ])("%s shows as text on its line, every control gone", (_, text) => {
    const plan = fingerPlan([update("2026-11-20T10:00:00Z", text)], "Europe/Lisbon");
    const [header, ...lines] = plan.trimEnd().split("\n");
    expect(header).toBe("  Plan:");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toStartWith("  2026-11-20  ");
    for (const rule of [CONTROL_CHARACTER, LINE_SEPARATOR, BIDI_CONTROL]) {
      expect(rule.test(plan.replaceAll("\n", ""))).toBe(false);
    }
  });
});
