/** The terminal renderer: widths, wrapping, and the parts the profile is drawn with. */
import { describe, expect, test } from "bun:test";
import {
  heading,
  keyValue,
  PLAIN,
  renderProfile,
  skillBar,
  stripColour,
  styleOf,
  timelineRow,
  truncate,
  visibleWidth,
  wrap,
} from "../../lib/profile/ansi/index.ts";
import { PALETTES, type PaletteName } from "../../lib/profile/ansi/palettes.ts";
import { profileLayout } from "../../lib/profile/model/layout.ts";
import { FIXED_NOW, SITE_URL, sample } from "../support/app.ts";

const widest = (text: string) => Math.max(...text.split("\n").map(visibleWidth));

describe("visible width", () => {
  test("colour codes count zero, wide characters two", () => {
    expect(visibleWidth("\u001b[1m\u001b[38;2;1;2;3mab\u001b[39m\u001b[22m")).toBe(2);
    expect(visibleWidth("林 凛")).toBe(5);
    expect(visibleWidth("█░─")).toBe(3);
  });

  test("each code point counts as a terminal counts it: marks and joiners none, a spacing mark one", () => {
    expect(visibleWidth("अनुराधा")).toBe(6);
    expect(visibleWidth("क्ष")).toBe(2);
    expect(visibleWidth("e\u0301")).toBe(1);
    expect(visibleWidth("👩‍💻")).toBe(4);
    expect(visibleWidth("❤️")).toBe(1);
    expect(visibleWidth("ｱＡ")).toBe(3);
    expect(visibleWidth("\u200b\u00ad")).toBe(0);
  });

  test("text is cut and broken between grapheme clusters, never inside one", () => {
    expect(truncate("क्षक्षक्ष", 4)).toBe("क्ष…");
    expect(truncate("🇮🇳🇮🇳🇮🇳", 5)).toBe("🇮🇳🇮🇳…");
    expect(wrap("👩‍💻👩‍💻👩‍💻", 4)).toEqual(["👩‍💻", "👩‍💻", "👩‍💻"]);
    expect(wrap("क्षक्षक्षक्ष", 3)).toEqual(["क्ष", "क्ष", "क्ष", "क्ष"]);
  });

  test("truncate never exceeds the width and never splits a wide character", () => {
    expect(truncate("Gradient boosting", 10)).toBe("Gradient …");
    expect(truncate("林林林林", 6)).toBe("林林…");
    expect(truncate("short", 10)).toBe("short");
    expect(truncate("anything", 0)).toBe("");
  });

  test("wrap keeps words whole, and breaks only words wider than a line", () => {
    expect(wrap("one two three four", 9)).toEqual(["one two", "three", "four"]);
    expect(wrap("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
    expect(wrap("林林林林林", 4)).toEqual(["林林", "林林", "林"]);
  });

  test("a URL too wide for a line breaks after a slash, not inside a name", () => {
    expect(wrap("https://github.com/rin-example", 24)).toEqual(["https://github.com/", "rin-example"]);
    expect(wrap("https://example.com/a-rather-long-page-name", 30)).toEqual([
      "https://example.com/",
      "a-rather-long-page-name",
    ]);
  });
});

describe("parts", () => {
  const long = "An unreasonably long piece of text that goes on well past any sensible terminal width 林林林";
  for (const width of [24, 38, 78, 198]) {
    test(`never exceed the ${width} columns they are given, and drop nothing`, () => {
      const s = styleOf("auto");
      const lines = [
        heading("Career", width, s),
        ...keyValue("a long key name", long, width, s),
        ...timelineRow({ years: "2019 – 2021", title: long, place: "Somewhere Ltd", detail: long }, width, s),
        ...skillBar("Gradient boosting and more", 73, width, s),
      ];
      for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
      const text = stripColour(lines.join("\n")).replace(/\s+/g, " ");
      for (const piece of ["a long key name", "Somewhere Ltd", "Gradient boosting and more", " 73"]) {
        expect(text).toContain(piece);
      }
    });
  }

  test("a skill bar draws its level with eighth blocks, its name beside it or above it", () => {
    // 55 columns: a 19-column name, a 32-column bar, a 4-column level.
    expect(skillBar("Half", 50, 55, PLAIN)).toEqual([
      `Half${" ".repeat(15)}${"█".repeat(16)}${"░".repeat(16)}  50`,
    ]);
    expect(skillBar("Third", 33, 55, PLAIN)[0]).toContain(`${"█".repeat(10)}▌${"░".repeat(21)}`);
    expect(skillBar("Full", 100, 55, PLAIN)[0]).toEndWith(`${"█".repeat(32)} 100`);
    expect(skillBar("None", 0, 55, PLAIN)[0]).toEndWith(`${"░".repeat(32)}   0`);
    expect(skillBar("Gradient boosting", 86, 38, PLAIN)).toEqual([
      "Gradient boosting",
      `${" ".repeat(15)}${"█".repeat(16)}▍${"░".repeat(2)}  86`,
    ]);
  });
});

describe("the profile", () => {
  const content = sample;
  const layout = (c = content) =>
    profileLayout(
      c,
      [{ method: "GET", path: "/api/status", examplePath: "/api/status", summary: "Now" }],
      SITE_URL,
      FIXED_NOW,
    );

  test("draws the same text in every palette as without colour: only its escape codes differ", () => {
    const plain = renderProfile(layout(), 80, PLAIN);
    for (const palette of Object.keys(PALETTES) as PaletteName[]) {
      expect({ palette, text: stripColour(renderProfile(layout(), 80, styleOf(palette))) }).toEqual({
        palette,
        text: plain,
      });
    }
  });

  test("stays within its width with a wide-character name and very long content", () => {
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
    for (const width of [40, 80]) {
      const text = renderProfile(layout(wide), width, styleOf("auto"));
      expect(widest(text)).toBeLessThanOrEqual(width);
      expect(stripColour(text).replace(/\s+/g, "")).toContain(wide.profile.name);
    }
  });
});
