import { describe, expect, test } from "bun:test";
import { contentFiles } from "../../lib/content/files.ts";
import { validateContent } from "../../lib/content/validate.ts";
import {
  heading,
  keyValue,
  PROFILE_WIDTH,
  renderProfile,
  rule,
  skillBar,
  stripColour,
  timelineRow,
  truncate,
  visibleWidth,
  wrap,
} from "../../lib/profile/ansi/index.ts";
import { profileLayout } from "../../lib/profile/layout.ts";
import { FIXED_NOW, SITE_URL } from "../support/app.ts";

const widest = (text: string) => Math.max(...text.split("\n").map(visibleWidth));

describe("visible width", () => {
  test("colour codes count zero, wide characters two", () => {
    expect(visibleWidth("\u001b[1m\u001b[38;2;1;2;3mab\u001b[39m\u001b[22m")).toBe(2);
    expect(visibleWidth("林 凛")).toBe(5);
    expect(visibleWidth("█░─")).toBe(3);
  });

  test("truncate never exceeds the width and never splits a wide character", () => {
    expect(truncate("Gradient boosting", 10)).toBe("Gradient …");
    expect(truncate("林林林林", 6)).toBe("林林…");
    expect(visibleWidth(truncate("林林林林", 6))).toBeLessThanOrEqual(6);
    expect(truncate("short", 10)).toBe("short");
    expect(truncate("anything", 0)).toBe("");
  });

  test("wrap keeps words whole and breaks only words wider than a line", () => {
    expect(wrap("one two three four", 9)).toEqual(["one two", "three", "four"]);
    expect(wrap("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
    expect(wrap("林林林林林", 4)).toEqual(["林林", "林林", "林"]);
  });
});

describe("parts never exceed the width they are given", () => {
  const long = "An unreasonably long piece of text that goes on well past any sensible terminal width 林林林";
  for (const width of [10, 24, 40, 78]) {
    test(`at ${width} columns`, () => {
      const lines = [
        heading(long, width),
        rule(width),
        ...keyValue("a long key name", long, width),
        ...timelineRow({ years: "2019 – 2021", title: long, place: long, detail: long }, width),
        skillBar(long, 73, width),
        skillBar("x", 100, width),
      ];
      for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
    });
  }

  test("a skill bar draws its level with eighth blocks", () => {
    // 55 columns: a 19-column name, a 32-column bar, a 4-column level.
    expect(stripColour(skillBar("Half", 50, 55))).toBe(
      `Half${" ".repeat(15)}${"█".repeat(16)}${"░".repeat(16)}  50`,
    );
    expect(stripColour(skillBar("Third", 33, 55))).toContain(`${"█".repeat(10)}▌${"░".repeat(21)}`);
    expect(stripColour(skillBar("Full", 100, 55))).toEndWith(`${"█".repeat(32)} 100`);
    expect(stripColour(skillBar("None", 0, 55))).toEndWith(`${"░".repeat(32)}   0`);
  });
});

describe("the profile", () => {
  const content = validateContent(contentFiles, SITE_URL);
  const render = (c = content) =>
    renderProfile(
      profileLayout(c, [{ method: "GET", path: "/api/now", summary: "Now" }], SITE_URL, FIXED_NOW),
    );

  test(`is at most ${PROFILE_WIDTH} columns wide and ends with a newline`, () => {
    const text = render();
    expect(widest(text)).toBeLessThanOrEqual(PROFILE_WIDTH);
    expect(text.endsWith("\n")).toBe(true);
  });

  test("stays within 80 columns with a wide-character name and very long content", () => {
    const wide = {
      ...content,
      profile: {
        ...content.profile,
        name: "林林林林林林林林林林林林林林林林林林林林林林林林林林林林林林林林",
        nativeName: "凛凛凛凛凛凛凛凛凛凛凛凛凛凛凛",
        role: "世界".repeat(30),
        skills: [{ name: "機械学習機械学習機械学習", level: 77, group: "ML" }],
        experience: content.profile.experience.map((job) => ({
          ...job,
          role: "データサイエンティスト".repeat(4),
          organisation: "株式会社".repeat(10),
        })),
      },
    };
    const text = render(wide);
    expect(widest(text)).toBeLessThanOrEqual(PROFILE_WIDTH);
    expect(stripColour(text)).toContain("林林林");
  });
});
