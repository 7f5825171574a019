/**
 * `bun run import-resume FILE`: a JSON Resume document back into content/profile.json.
 * The round trip (content → JSON Resume → import) gives back the same profile for
 * every field JSON Resume holds, and what a resume holds that a profile cannot is named.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sample from "@jsonresume/schema/sample.resume.json" with { type: "json" };
import type { Profile } from "../../lib/content/schemas.ts";
import { toJsonResume } from "../../lib/formats/json-resume.ts";
import { SITE_URL } from "../support/app.ts";
import { ownerContent, ownerFile } from "../support/owners.ts";
import { runCommand } from "../support/run.ts";

const ROOT = join(import.meta.dir, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "import-resume-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const shipped = ownerFile<Profile>("rin", "profile.json");
let runs = 0;

/** Runs the command as a user would, replacing `current` (a profile) in a scratch folder. */
async function importResume(resume: unknown, current: Profile | undefined = shipped) {
  runs += 1;
  const file = join(dir, `resume-${runs}.json`);
  const out = join(dir, `profile-${runs}.json`);
  writeFileSync(file, typeof resume === "string" ? resume : JSON.stringify(resume));
  if (current) writeFileSync(out, JSON.stringify(current));
  const { code, stdout, stderr } = await runCommand(["bun", "run", "import-resume", file, "--out", out], {
    cwd: ROOT,
  });
  const written = () => JSON.parse(readFileSync(out, "utf8")) as Profile;
  return { code, stdout, stderr, written };
}

/** The sample owner's profile as a JSON Resume, as the site writes one. */
const liveResume = async () => toJsonResume(ownerContent("rin", SITE_URL).profile, SITE_URL);

/** The profile less what JSON Resume has no place for and the import does not keep. */
function mappedPart({
  nativeName: _n,
  pronouns: _p,
  availability: _a,
  fediverse: _f,
  blueskyDid: _b,
  ...profile
}: Profile) {
  return { ...profile, education: profile.education.map(({ note: _note, ...school }) => school) };
}

describe("the round trip: content → JSON Resume → import", () => {
  test("gives back the same profile, less the fields JSON Resume has no place for, and says which", async () => {
    const { code, stderr, written } = await importResume(await liveResume());
    expect(code).toBe(0);
    expect(written()).toEqual(mappedPart(shipped));
    for (const field of [
      "nativeName",
      "pronouns",
      "availability",
      "fediverse",
      "blueskyDid",
      "education notes",
    ]) {
      expect(stderr).toContain(`${field}: JSON Resume has no place for`);
    }
  });

  test("carries every mapped field from the resume, whatever the profile being replaced holds", async () => {
    const other: Profile = {
      ...shipped,
      handle: "someone",
      name: "Someone Else",
      tagline: "Another line",
      location: { city: "Oslo", country: "Norway", timezone: "Europe/Oslo" },
      skills: [{ name: "Knitting", level: 10, group: "Crafts" }],
    };
    const { code, stderr, written } = await importResume(await liveResume(), other);
    expect(code).toBe(0);
    const profile = written();
    expect(mappedPart(profile)).toEqual({
      ...mappedPart(shipped),
      handle: "someone",
      tagline: "Another line",
      location: { ...shipped.location, timezone: "Europe/Oslo" },
    });
    expect(stderr).toContain('handle = "someone": JSON Resume has no place for it');
    expect(stderr).toContain('location.timezone = "Europe/Oslo"');
  });
});

describe("importing someone else's resume (the schema's own sample)", () => {
  test("writes a valid profile from it", async () => {
    const { code, stdout, written } = await importResume(sample);
    expect(code).toBe(0);
    expect(stdout).toContain("Richard Hendriks");
    const profile = written();
    expect(profile).toMatchObject({
      name: "Richard Hendriks",
      role: "Programmer",
      email: "richard.hendriks@mail.com",
      updated: "2017-12-24",
      location: { city: "San Francisco", country: "United States" },
    });
    expect(profile.experience[0]).toMatchObject({
      start: "2013-12-01",
      end: "2014-12-01",
      organisation: "Pied Piper",
    });
    expect(profile.skills).toContainEqual({ name: "HTML", level: 95, group: "Web Development" });
    expect(profile.links[0]).toEqual({ label: "Website", url: "http://richardhendricks.example.com" });
  });

  test("loses nothing unsaid: each value is in the profile, or its path is on stderr", async () => {
    const { stderr, written } = await importResume(sample);
    const profile = JSON.stringify(written());
    const unsaid: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`);
      } else if (typeof value === "object" && value !== null)
        for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
      else if (
        value !== "" &&
        !profile.includes(JSON.stringify(value).slice(1, -1)) &&
        !stderr.includes(`${path}:`)
      )
        unsaid.push(path);
    };
    walk(sample, "");
    // Which schema the document follows says nothing of its owner; the country code is
    // written as its name, and lastModified as the profile's date (checked above).
    expect(unsaid).toEqual(["$schema", "basics.location.countryCode", "meta.version", "meta.lastModified"]);
    expect(stderr).toContain('basics.phone: "(912) 555-4321"');
    expect(stderr).toContain('projects[0].name: "Miss Direction"');
    expect(stderr).toContain('skills[0].level: "Master" read as 95/100');
  });

  test("says that a skill with several keywords became a group of skills, one per keyword", async () => {
    const { stderr, written } = await importResume(sample);
    expect(stderr).toContain('skills[0]: its 3 keywords became 3 skills in the group "Web Development"');
    expect(stderr).toContain('skills[1]: its 3 keywords became 3 skills in the group "Compression"');
    expect(
      written()
        .skills.filter(({ group }) => group === "Web Development")
        .map(({ name }) => name),
    ).toEqual(["HTML", "CSS", "Javascript"]);
  });

  test("ends with the path written, relative to the working folder, and `bun run dev`, as init and the README say", async () => {
    const cwd = mkdtempSync(join(dir, "clone-"));
    const file = join(cwd, "resume.json");
    writeFileSync(file, JSON.stringify(sample));
    const out = join(cwd, "content", "profile.json");
    mkdirSync(join(cwd, "content"));
    const { code, stdout } = await runCommand(
      ["bun", join(ROOT, "scripts", "import-resume.ts"), "resume.json", "--out", out],
      { cwd },
    );
    expect(code).toBe(0);
    expect(stdout).toStartWith("Wrote content/profile.json: Richard Hendriks,");
    expect(stdout.trimEnd()).toEndWith("Review it, then `bun run dev`.");
  });

  test("lists the work newest first, as the profile does, and says so when the resume did not", async () => {
    const job = (name: string, startDate: string) => ({ ...sample.work[0], name, startDate, endDate: "" });
    const work = [job("First", "2011"), job("Second", "2014-05"), job("Third", "2014-05-20")];
    const { code, stderr, written } = await importResume({ ...sample, work });
    expect(code).toBe(0);
    expect(written().experience.map(({ organisation }) => organisation)).toEqual([
      "Third",
      "Second",
      "First",
    ]);
    expect(stderr).toContain("work: put newest first, as the profile lists it");
  });

  test("keeps a date as precise as the resume gives it; a day not in the calendar is kept to its month, and said so", async () => {
    const work = sample.work.map((job) => ({ ...job, startDate: "2013-02-30", endDate: "2014" }));
    const { code, stderr, written } = await importResume({ ...sample, work });
    expect(code).toBe(0);
    expect(written().experience[0]).toMatchObject({ start: "2013-02", end: "2014" });
    expect(written().education[0]).toMatchObject({ start: "2011-06-01", end: "2014-01-01" });
    expect(stderr).toContain('work[0].startDate: "2013-02-30" is not in the calendar; kept to the month');
  });
});

describe("refusals", () => {
  test("without a file: the usage, exit 2", async () => {
    const child = Bun.spawn(["bun", "run", "import-resume"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
    expect(await child.exited).toBe(2);
    expect(await new Response(child.stderr).text()).toContain("usage: bun run import-resume FILE");
  });

  test("a file that is not JSON, or not an object: exit 2, nothing written", async () => {
    for (const resume of ["{ not json", "[1, 2]"]) {
      const { code, stderr } = await importResume(resume, undefined);
      expect(code).toBe(2);
      expect(stderr).toMatch(/cannot read|not a JSON Resume document/);
    }
  });

  test("a resume whose values the profile cannot hold: exit 1 naming the field, the old profile untouched", async () => {
    const tooLong = { ...sample, basics: { ...sample.basics, summary: "x".repeat(601) } };
    const { code, stderr, written } = await importResume(tooLong);
    expect(code).toBe(1);
    expect(stderr).toContain("Not written: content/profile.json: /bio");
    expect(written()).toEqual(shipped);
  });
});
