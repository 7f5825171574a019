import { describe, expect, test } from "bun:test";
import { type Content, type RawContent, validateContent } from "../../lib/content/validate.ts";
import { SITE_URL, sample } from "../support/app.ts";
import { ownerFiles } from "../support/owners.ts";

type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };
/** A deep copy of the shipped content, typed as valid content, for a test to break. */
const clone = () => ownerFiles("rin") as Mutable<Content>;
const attempt = (raw: RawContent) => () => validateContent(raw, SITE_URL);

describe("content validation", () => {
  test("the shipped content is valid: a complete fictional owner with 30+ quotes and roasts", () => {
    const content = sample;
    expect(content.profile.handle).toBe("rin");
    expect(content.quotes.length).toBeGreaterThanOrEqual(30);
    expect(content.roasts.length).toBeGreaterThanOrEqual(30);
  });

  test("a skill level over 100 names the file and the field", () => {
    const raw = clone();
    (raw.profile.skills[2] as Content["profile"]["skills"][number]).level = 140;
    expect(attempt(raw)).toThrow("content/profile.json: /skills/2/level");
  });

  test("a missing required field names the file and the field", () => {
    const raw = clone();
    Reflect.deleteProperty(raw.now, "building");
    expect(attempt(raw)).toThrow("content/now.json: /building");
  });

  test("an unknown field is refused rather than silently ignored", () => {
    const raw = clone();
    Object.assign(raw.stack, { colour: "teal" });
    expect(attempt(raw)).toThrow("content/stack.json: /colour");
  });

  test("a quote without an author is refused", () => {
    const raw = clone();
    Reflect.deleteProperty(raw.quotes[5] as object, "author");
    expect(attempt(raw)).toThrow("content/quotes.json: /5/author");
  });

  test("fewer than 30 roasts is refused", () => {
    const raw = clone();
    raw.roasts = raw.roasts.slice(0, 29);
    expect(attempt(raw)).toThrow("content/roasts.json:");
  });

  test("a repeated roast id is refused", () => {
    const raw = clone();
    const repeated = raw.roasts[3]?.id as string;
    Object.assign(raw.roasts[7] as object, { id: repeated });
    expect(attempt(raw)).toThrow(`content/roasts.json: /7/id repeats the id "${repeated}"`);
  });

  test("a time zone the runtime does not know is refused", () => {
    const raw = clone();
    raw.profile.location.timezone = "Europe/Atlantis";
    expect(attempt(raw)).toThrow("content/profile.json: /location/timezone is not a time zone");
  });

  test("a malformed career date is refused and the bad value quoted", () => {
    const raw = clone();
    Object.assign(raw.profile.experience[0] as object, { start: "March 2021" });
    expect(attempt(raw)).toThrow("content/profile.json: /experience/0/start");
    expect(attempt(raw)).toThrow('"March 2021"');
  });

  test("an impossible date is refused, whatever module happened to load first", () => {
    const raw = clone();
    raw.now.updated = "2026-13-45";
    expect(attempt(raw)).toThrow("content/now.json: /updated expected string to match 'date' format");
  });

  test("{base_url} in content becomes the site's origin", () => {
    const content = sample;
    const tries = content.stack.easterEggs.map((egg) => egg.try).join(" ");
    expect(tries).not.toContain("{base_url}");
    expect(tries).toContain(`${SITE_URL}/`);
  });
});
