/** The profile's layout model: what every renderer draws, decided once. */
import { expect, test } from "bun:test";
import { profileLayout } from "../../lib/profile/model/layout.ts";
import { FIXED_NOW, SITE_URL, sample } from "../support/app.ts";

const content = sample;
const layoutOf = (c = content) => profileLayout(c, [], SITE_URL, FIXED_NOW);

test("gives every skill a whole percentage from 0 to 100, whatever the content says", () => {
  const skills = [
    { name: "Over", level: 140, group: "x" },
    { name: "Under", level: -5, group: "x" },
    { name: "Fraction", level: 72.6, group: "x" },
  ];
  const levels = layoutOf({ ...content, profile: { ...content.profile, skills } }).skills.flatMap((group) =>
    group.skills.map(({ level }) => level),
  );
  expect(levels).toEqual([100, 0, 73]);
});

test("shows every job newest first, its years as a span, the current one ending now", () => {
  const { timeline } = layoutOf();
  expect(timeline).toHaveLength(content.profile.experience.length);
  expect(timeline[0]?.years).toMatch(/^\d{4} – now$/);
  expect(timeline.at(-1)?.years).toMatch(/^\d{4} – \d{4}$/);
});
