/**
 * What the terminal profile shows of what the owner writes: besides the name, the career,
 * the skills and the links, the availability, the education, the languages, and in the
 * Now section what they are reading and not doing; one sentence says where the rest is.
 * An owner with nothing optional gets no empty section and no label with nothing after it.
 */
import { describe, expect, test } from "bun:test";
import type { ContentFiles } from "../../lib/content/files.ts";
import { declaredRoutes } from "../../lib/site/site.ts";
import { routes as manifest } from "../../routes/_manifest.gen.ts";
import { otherOwner, SITE_URL, sample, testApp } from "../support/app.ts";
import { commandsIn, overflowing } from "../support/commands.ts";
import { ownerFiles } from "../support/owners.ts";
import { plainAt, squash, WIDTHS } from "../support/text.ts";

function profileAt(files: ContentFiles) {
  const app = testApp({ files });
  return (width: number) => plainAt(app, "/", width);
}

/** The paths of the routes that serve the content whole, from the route table. */
const wholePaths = declaredRoutes(manifest, sample.profile.handle)
  .filter(({ method, route }) => method === "GET" && route.contentAsJson)
  .map(({ path }) => path);

describe("the terminal profile of the sample owner", () => {
  const content = sample;
  const { profile, now } = content;
  const at = profileAt(ownerFiles("rin"));

  test("shows the availability, education, languages, reading and not doing, at every width", async () => {
    const pieces = [
      profile.availability ?? "",
      ...profile.education.flatMap(({ degree, institution, note }) => [degree, institution, note ?? ""]),
      ...profile.languages.flatMap(({ name, level }) => [`${name}${level}`]),
      ...now.reading.flatMap(({ title, author }) => [`${title}by${author}`]),
      ...now.notDoing,
    ].filter(Boolean);
    expect(pieces.length).toBeGreaterThan(10);
    for (const width of WIDTHS) {
      const all = squash(await at(width));
      expect({ width, missing: pieces.filter((piece) => !all.includes(squash(piece))) }).toEqual({
        width,
        missing: [],
      });
    }
  });

  test("says where the rest is: the page in a browser, and the routes that serve the content whole", async () => {
    expect(wholePaths.length).toBe(2);
    const text = (await at(80)).replace(/\s+/g, " ");
    const sentence = text.match(/are on the page, (\S+) in a browser, and in (.+?) as JSON\./);
    expect(sentence?.[1]).toBe(`${SITE_URL}/`);
    expect(sentence?.[2]?.split(" and ").sort()).toEqual(wholePaths.sort());
  });
});

describe("the terminal profile of an owner with nothing optional", () => {
  const at = profileAt(ownerFiles("anuradha"));

  test("fits every width from 40 to 200, and keeps the name", async () => {
    const commands = commandsIn(await at(200));
    for (const width of WIDTHS) {
      const text = await at(width);
      expect({ width, over: overflowing(text, width, commands) }).toEqual({ width, over: [] });
      expect(squash(text)).toContain(squash(otherOwner.profile.name));
    }
  });

  test("shows no section, label or mark for what the owner left out", async () => {
    for (const width of [40, 80, 120]) {
      const text = await at(width);
      const lines = text.split("\n").map((line) => line.trim());
      expect({ width, education: lines.some((line) => line.includes("Education")) }).toEqual({
        width,
        education: false,
      });
      for (const label of ["reading", "not doing", "→", "()", "career highlights", "Field"]) {
        expect({ width, label, shown: text.includes(label) }).toEqual({ width, label, shown: false });
      }
      expect({
        width,
        emptyHeading: lines.some((line, i) => line.startsWith("──") && !lines[i + 1]),
      }).toEqual({
        width,
        emptyHeading: false,
      });
    }
  });
});
