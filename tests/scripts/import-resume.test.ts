/**
 * `bun run import-resume FILE`: a JSON Resume document back into content/profile.json, run
 * as an owner runs it, over a content folder of its own. The round trip (content → JSON
 * Resume → import) gives back the owner's profile; over the shipped sample it
 * starts a new owner with nothing of the sample's; with init, in either order, neither
 * loses what the other set.
 */

import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sample from "@jsonresume/schema/sample.resume.json" with { type: "json" };
import type { Now, Profile } from "../../lib/content/schemas.ts";
import { RESUME_PATH, toJsonResume } from "../../lib/formats/json-resume.ts";
import { jrdFor, subjectFor, webfingerOwner } from "../../lib/identity/webfinger.ts";
import { SITE_URL } from "../support/app.ts";
import { validContent, writeContent } from "../support/content.ts";
import { ownerContent, ownerDir, ownerFile } from "../support/owners.ts";
import { runCommand, scriptLines } from "../support/run.ts";
import { startServer } from "../support/server.ts";
import { inTerminal } from "../support/terminal-session.ts";

const ROOT = join(import.meta.dir, "..", "..");
const scratch = mkdtempSync(join(tmpdir(), "import-resume-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The environment a person has, less a CONTENT_DIR of the caller's. */
const ENV = { ...process.env, CONTENT_DIR: undefined };
const shipped = ownerFile<Profile>("rin", "profile.json");
/** The schema's sample resume lives in San Francisco, a city no zone is named after. */
const SAN_FRANCISCO = ["--timezone", "America/Los_Angeles"];

let folders = 0;
/**
 * A new content folder holding `profile`: the shipped sample as a fresh clone has it (the
 * rin fixture, byte for byte), a profile of the owner's own, or nothing.
 */
function contentFolder(profile: "sample" | Profile | undefined): string {
  const dir = join(scratch, `content-${++folders}`);
  if (profile === "sample") cpSync(ownerDir("rin"), dir, { recursive: true });
  else mkdirSync(dir);
  if (typeof profile === "object") writeFileSync(join(dir, "profile.json"), JSON.stringify(profile, null, 2));
  return dir;
}

const readJson = <T>(dir: string, name: string) => JSON.parse(readFileSync(join(dir, name), "utf8")) as T;

/** Runs the command as a person would, into `dir`. */
async function importResume(resume: unknown, dir: string, ...args: string[]) {
  const file = join(scratch, `resume-${++folders}.json`);
  writeFileSync(file, typeof resume === "string" ? resume : JSON.stringify(resume));
  const ran = await runCommand(["bun", "run", "import-resume", file, "--content-dir", dir, ...args], {
    cwd: ROOT,
    env: ENV,
  });
  return {
    ...ran,
    errors: scriptLines(ran.stderr),
    written: () => readJson<Profile>(dir, "profile.json"),
    now: () => readJson<Now>(dir, "now.json"),
  };
}

async function init(dir: string, ...args: string[]) {
  return runCommand(["bun", "run", "init", "--content-dir", dir, ...args], { cwd: ROOT, env: ENV });
}

/** The sample owner's profile as a JSON Resume, as the site writes one. */
const liveResume = async () =>
  toJsonResume(ownerContent("rin", SITE_URL).profile, `${SITE_URL}${RESUME_PATH}`);

/** A resume of someone who is not the sample owner, in Zagreb. */
const ANA = {
  basics: {
    name: "Ana Horvat",
    label: "Data Engineer",
    email: "ana@example.com",
    summary: "Moves data from where it is to where it is needed, and checks it on the way.",
    location: { city: "Zagreb", countryCode: "HR" },
    profiles: [{ network: "GitHub", username: "ahorvat", url: "https://github.com/ahorvat" }],
  },
  work: [
    {
      name: "Kvaka d.o.o.",
      position: "Data Engineer",
      startDate: "2021-03",
      summary: "Pipelines for a ferry operator's bookings.",
      highlights: ["Cut the nightly load from four hours to forty minutes"],
    },
    { name: "Zvono", position: "Analyst", startDate: "2017-09", endDate: "2021-02", summary: "Reports." },
  ],
  skills: [{ name: "Data", keywords: ["Postgres", "Airflow"], level: "Advanced" }],
  languages: [{ language: "Croatian", fluency: "Mother tongue" }],
};

/** The profile less what JSON Resume has no place for. */
function mappedPart({
  handle: _h,
  tagline: _t,
  nativeName: _n,
  pronouns: _p,
  availability: _a,
  fediverse: _f,
  blueskyDid: _b,
  ...profile
}: Profile) {
  const { timezone: _z, ...place } = profile.location;
  return {
    ...profile,
    location: place,
    education: profile.education.map(({ note: _note, ...school }) => school),
  };
}

describe("the round trip: content → JSON Resume → import", () => {
  test("over the owner's own profile gives it back whole: the rest of it kept, and said", async () => {
    const own = { ...shipped, tagline: "Her own line, not the sample's." };
    const dir = contentFolder(own);
    const { code, stderr, written } = await importResume(await liveResume(), dir);
    expect(code).toBe(0);
    expect(written()).toEqual(own);
    for (const field of ["handle", "tagline", "location.timezone", "nativeName", "pronouns"]) {
      expect(stderr).toContain(`  ${field} = `);
    }
    expect(stderr).toContain('education[0].note = "Thesis: bootstrap');
    expect(stderr).not.toContain("Not carried over");
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
    const { code, stdout, stderr, written } = await importResume(await liveResume(), contentFolder(other));
    expect(code).toBe(0);
    const profile = written();
    expect(mappedPart(profile)).toEqual(mappedPart(shipped));
    expect(profile).toMatchObject({ handle: "someone", tagline: "Another line" });
    expect(stderr).toContain('handle = "someone": JSON Resume has no place for it');
    // The resume moved the owner from Oslo to Lisbon: Oslo's zone does not follow.
    expect(profile.location.timezone).toBe("Europe/Lisbon");
    expect(stdout).toContain("  timezone: Europe/Lisbon (named after the city)");
  });
});

describe("on a fresh clone: over the shipped sample", () => {
  /** Every text of the sample's profile and /now long enough to be hers alone. */
  const sampleTexts = (() => {
    const texts = (value: unknown): string[] =>
      typeof value === "string"
        ? [value]
        : typeof value === "object" && value !== null
          ? Object.values(value).flatMap(texts)
          : [];
    return new Set(texts([shipped, ownerFile("rin", "now.json")]).filter((text) => text.length >= 8));
  })();

  test("leaves nothing of the sample owner: a handle from the resume, the zone of its place, /now reset", async () => {
    const dir = contentFolder("sample");
    const { code, stdout, written, now } = await importResume(ANA, dir);
    expect(code).toBe(0);
    const profile = written();
    expect(profile).toMatchObject({
      handle: "ahorvat",
      name: "Ana Horvat",
      location: { city: "Zagreb", country: "Croatia", timezone: "Europe/Zagreb" },
      links: [{ label: "GitHub", url: "https://github.com/ahorvat" }],
    });
    expect(profile).not.toContainAnyKeys([
      "nativeName",
      "pronouns",
      "availability",
      "fediverse",
      "blueskyDid",
    ]);
    expect(profile.tagline).toStartWith("Replace me");
    expect(now().status).toStartWith("Replace me");
    const left = JSON.stringify([profile, now()]);
    expect([...sampleTexts].filter((text) => left.includes(JSON.stringify(text)))).toEqual([]);
    expect(stdout).toContain("  handle: ahorvat (the username of the resume's profiles)");
    expect(stdout).toContain("  timezone: Europe/Zagreb (the country's only one)");
    expect(stdout).toContain(`Wrote ${join(dir, "now.json")}: a new owner's /now, to fill in.`);
    expect(readJson(dir, "now-history.json")).toEqual([]);
    expect(stdout).toContain(`Wrote ${join(dir, "now-history.json")}: no updates yet, for the feeds.`);
    expect(stdout).toContain(`  ${join(dir, "profile.json")}: /tagline`);

    // WebFinger finds the new owner, and no longer the sample's handle.
    const host = new URL(SITE_URL).host;
    const owner = webfingerOwner(profile, SITE_URL);
    expect(subjectFor(owner, `acct:ahorvat@${host}`)).toBe(`acct:ahorvat@${host}`);
    expect(subjectFor(owner, `acct:${shipped.handle}@${host}`)).toBeUndefined();
    // A server started on the folder shows her, and nothing of the sample's.
    const server = await startServer({ CONTENT_DIR: dir });
    try {
      const index = await (
        await fetch(`${server.url}/`, { headers: { "user-agent": "python-requests/2.32" } })
      ).json();
      expect(index.name).toBe("Ana Horvat's site API");
      const paths: string[] = index.endpoints.map(({ path }: { path: string }) => path);
      expect(paths.filter((path) => path.includes(shipped.handle))).toEqual([]);
      const page = await (await fetch(`${server.url}/`, { headers: { "user-agent": "Mozilla/5.0" } })).text();
      expect(page).toContain("Ana Horvat");
      expect(page).not.toContain(shipped.name);
      expect(page).not.toContain("fediverse:creator");
    } finally {
      await server.stop();
    }
  });

  test("makes the handle from the name when the resume's profiles share no username", async () => {
    const { code, stdout, written } = await importResume(sample, contentFolder("sample"), ...SAN_FRANCISCO);
    expect(code).toBe(0);
    expect(written().handle).toBe("richard-hendriks");
    expect(stdout).toContain("  handle: richard-hendriks (made from the name)");
  });

  test("without a time zone it can tell, refuses in one line naming --timezone, and writes nothing", async () => {
    const dir = contentFolder("sample");
    const { code, errors } = await importResume(sample, dir);
    expect({ code, errors }).toEqual({
      code: 2,
      errors: [
        "bun run import-resume: no time zone is known for San Francisco, United States: give --timezone (or run it in a terminal to be asked)",
      ],
    });
    for (const name of ["profile.json", "now.json"]) {
      expect(readFileSync(join(dir, name), "utf8")).toBe(readFileSync(join(ownerDir("rin"), name), "utf8"));
    }
  });

  test("without what a new owner needs, refuses in one line naming init, and writes nothing", async () => {
    const dir = contentFolder("sample");
    const { basics: _, ...noBasics } = ANA;
    const { code, errors } = await importResume(noBasics, dir, "--handle", "ana");
    expect({ code, errors }).toEqual({
      code: 1,
      errors: [
        "Not written: a new owner's profile needs what the resume does not give (basics.name; basics.location.city; basics.location.countryCode; basics.profiles, basics.url or basics.email): add it to the resume, or run bun run init first, then the import",
      ],
    });
    expect(readFileSync(join(dir, "profile.json"), "utf8")).toBe(
      readFileSync(join(ownerDir("rin"), "profile.json"), "utf8"),
    );
  });

  test("in a terminal, asks for the time zone with init's question, and asks again at once for a bad one", async () => {
    const dir = contentFolder("sample");
    const file = join(scratch, "in-a-terminal.json");
    writeFileSync(file, JSON.stringify(sample));
    const { converse } = inTerminal(["bun", "run", "import-resume", file, "--content-dir", dir], {
      cwd: ROOT,
      env: ENV,
    });
    await converse([
      ["Time zone [", "Mars/Base"],
      ['  Time zone is "Mars/Base", not a time zone this runtime knows', undefined],
      ["Time zone [", "America/Los_Angeles"],
    ]);
    expect(readJson<Profile>(dir, "profile.json").location.timezone).toBe("America/Los_Angeles");
  }, 30_000);
});

describe("a new owner's own resume: skills, LinkedIn's fluency, a Mastodon profile", () => {
  /** A resume as a new owner in Montevideo wrote it, with each shape that once tripped the import. */
  const MONTEVIDEO = JSON.parse(
    readFileSync(join(import.meta.dir, "..", "fixtures", "resumes", "montevideo.json"), "utf8"),
  );

  test("each skill entry is one skill at its level; its keywords are named, not made skills; each is said", async () => {
    const { code, errors, written } = await importResume(MONTEVIDEO, contentFolder("sample"));
    expect(code).toBe(0);
    expect(written().skills).toEqual([
      { name: "Go", level: 75, group: "Skills" },
      { name: "TypeScript", level: 55, group: "Skills" },
      { name: "PostgreSQL", level: 50, group: "Skills" },
    ]);
    const said = errors.slice(
      errors.indexOf("Skills, one for each entry of the resume's (check their groups):") + 1,
    );
    expect(said.slice(0, 3)).toEqual([
      '  skills[0]: "Go", 75/100 (read from "Advanced"); in the group "Skills" (the resume gives none); its keywords not imported: "gRPC"',
      '  skills[1]: "TypeScript", 55/100 (read from "Intermediate"); in the group "Skills" (the resume gives none); its keywords not imported: "Bun", "Elysia", "Node.js"',
      '  skills[2]: "PostgreSQL", 50/100 (no level given); in the group "Skills" (the resume gives none)',
    ]);
  });

  test("over the owner's own profile, a skill keeps the group it had there", async () => {
    const own = { ...shipped, skills: [{ name: "go", level: 10, group: "Backend" }] };
    const { code, stderr, written } = await importResume(MONTEVIDEO, contentFolder(own));
    expect(code).toBe(0);
    expect(written().skills[0]).toEqual({ name: "Go", level: 75, group: "Backend" });
    expect(stderr).toContain('in the group "Backend" (as your profile had it)');
  });

  test("LinkedIn's fluency wording is shortened to fit, and said", async () => {
    const { code, stderr, written } = await importResume(MONTEVIDEO, contentFolder("sample"));
    expect(code).toBe(0);
    expect(written().languages).toEqual([
      { name: "Spanish", level: "Native or bilingual" },
      { name: "English", level: "Full professional" },
      { name: "Portuguese", level: "Limited working" },
    ]);
    expect(stderr).toContain(
      'languages[1].fluency: "Full professional proficiency" is more than the profile\'s 20 characters; "Full professional" used',
    );
  });

  test("every value start-up would refuse is named in one run, and nothing is written", async () => {
    const dir = contentFolder("sample");
    const tooLong = {
      ...MONTEVIDEO,
      skills: [{ name: "Distributed systems and their failure modes" }],
      languages: [{ language: "Spanish", fluency: "Fluent, though rusty in writing" }],
    };
    const { code, errors } = await importResume(tooLong, dir);
    expect(code).toBe(1);
    const at = errors.indexOf("Not written, for 2 reasons:");
    expect(errors.slice(at + 1, at + 3)).toEqual([
      expect.stringMatching(/^ {2}.*profile\.json: \/skills\/0\/name is 43 characters long/),
      expect.stringMatching(/^ {2}.*profile\.json: \/languages\/0\/level is 31 characters long/),
    ]);
    expect(errors.at(-1)).toBe("Shorten or fix those values in the resume, then run the import again.");
    expect(readFileSync(join(dir, "profile.json"), "utf8")).toBe(
      readFileSync(join(ownerDir("rin"), "profile.json"), "utf8"),
    );
  });

  test("the Mastodon profile is the fediverse account: WebFinger answers with its actor as self", async () => {
    const dir = contentFolder("sample");
    const { code, stdout, written } = await importResume(MONTEVIDEO, dir);
    expect(code).toBe(0);
    expect(written().fediverse).toEqual({ account: "@luferreira@mastodon.example" });
    expect(stdout).toContain("  fediverse: @luferreira@mastodon.example (the resume's basics.profiles[1])");
    // WebFinger, as the site answers it, names the actor as `self`.
    const host = new URL(SITE_URL).host;
    const owner = webfingerOwner(written(), SITE_URL);
    const subject = subjectFor(owner, `acct:luferreira@${host}`) ?? "";
    expect(jrdFor(owner, subject, []).links).toContainEqual(
      expect.objectContaining({ rel: "self", href: "https://mastodon.example/users/luferreira" }),
    );
  });

  test("a fediverse username written @name@server is the account, and shares its name with the others", async () => {
    const profiles = [
      MONTEVIDEO.basics.profiles[0],
      {
        network: "Mastodon",
        username: "@luferreira@Mastodon.Example",
        url: "https://lucia.example/mastodon",
      },
    ];
    const resume = { ...MONTEVIDEO, basics: { ...MONTEVIDEO.basics, profiles } };
    const { code, written } = await importResume(resume, contentFolder("sample"));
    expect(code).toBe(0);
    expect(written()).toMatchObject({
      handle: "luferreira",
      fediverse: { account: "@luferreira@mastodon.example" },
    });
  });

  test("a handle given with --handle is not said to be kept from the profile", async () => {
    const own = { ...shipped, tagline: "Mine." };
    const { code, stderr, written } = await importResume(MONTEVIDEO, contentFolder(own), "--handle", "lucia");
    expect(code).toBe(0);
    expect(written().handle).toBe("lucia");
    expect(stderr).not.toContain("handle = ");
    expect(stderr).not.toContain("location.timezone = ");
    expect(stderr).toContain('tagline = "Mine.": JSON Resume has no place for it');
  });

  test("names the sample's quotes, roasts and stack as still to replace, with the placeholders", async () => {
    const dir = contentFolder("sample");
    const { code, stdout } = await importResume(MONTEVIDEO, dir);
    expect(code).toBe(0);
    const names = ["quotes.json", "roasts.json", "stack.json"].map((name) => join(dir, name));
    expect(stdout).toContain(`  ${names.join(", ")}: the sample owner's, as the project ships them\n`);
  });
});

describe("with init, in either order", () => {
  const did = "did:plc:abcdefghijklmnopqrstuvwx";

  test("init after the import keeps the imported career, and the import's /now", async () => {
    const dir = contentFolder("sample");
    const imported = await importResume(ANA, dir);
    expect(imported.code).toBe(0);
    const { updated: _, ...before } = imported.written();
    const nowBefore = readFileSync(join(dir, "now.json"), "utf8");

    const ran = await init(dir, "--fediverse", "@ana@mastodon.example", "--bluesky-did", did);
    expect({ code: ran.code, errors: scriptLines(ran.stderr) }).toEqual({ code: 0, errors: [] });
    const { updated: _after, ...after } = readJson<Profile>(dir, "profile.json");
    expect(after).toEqual({
      ...before,
      fediverse: { account: "@ana@mastodon.example" },
      blueskyDid: did,
    });
    expect(readFileSync(join(dir, "now.json"), "utf8")).toBe(nowBefore);
  });

  test("the import after init keeps the fediverse account, the DID and the pronouns, and init's /now", async () => {
    const dir = contentFolder("sample");
    const ran = await init(
      ...[dir, "--name", "Ana Horvat", "--handle", "ana", "--role", "Engineer"],
      ...["--city", "Zagreb", "--country", "Croatia", "--email", "ana@example.com"],
      ...["--fediverse", "@ana@mastodon.example", "--bluesky-did", did],
    );
    expect(ran.code).toBe(0);
    // Pronouns, as an owner adds them by hand.
    writeFileSync(
      join(dir, "profile.json"),
      JSON.stringify({ ...readJson<Profile>(dir, "profile.json"), pronouns: "she/her" }, null, 2),
    );
    const nowBefore = readFileSync(join(dir, "now.json"), "utf8");

    const { code, stderr, written } = await importResume(ANA, dir);
    expect(code).toBe(0);
    expect(written()).toMatchObject({
      handle: "ana",
      pronouns: "she/her",
      fediverse: { account: "@ana@mastodon.example" },
      blueskyDid: did,
      location: { timezone: "Europe/Zagreb" },
      experience: [{ organisation: "Kvaka d.o.o." }, { organisation: "Zvono" }],
    });
    expect(stderr).toContain('pronouns = "she/her": JSON Resume has no place for it');
    expect(readFileSync(join(dir, "now.json"), "utf8")).toBe(nowBefore);
  });
});

describe("importing someone else's resume (the schema's own sample)", () => {
  /** Over a profile of the owner's own: one that is not the sample's. */
  const run = (resume: unknown) =>
    importResume(resume, contentFolder({ ...shipped, tagline: "Mine." }), ...SAN_FRANCISCO);

  test("writes a valid profile from it", async () => {
    const { code, stdout, written } = await run(sample);
    expect(code).toBe(0);
    expect(stdout).toContain("Richard Hendriks");
    const profile = written();
    expect(profile).toMatchObject({
      name: "Richard Hendriks",
      role: "Programmer",
      email: "richard.hendriks@mail.com",
      updated: "2017-12-24",
      location: { city: "San Francisco", country: "United States", timezone: "America/Los_Angeles" },
    });
    expect(profile.experience[0]).toMatchObject({
      start: "2013-12-01",
      end: "2014-12-01",
      organisation: "Pied Piper",
    });
    expect(profile.skills).toContainEqual({ name: "Web Development", level: 95, group: "Skills" });
    expect(profile.links[0]).toEqual({ label: "Website", url: "http://richardhendricks.example.com" });
  });

  test("loses nothing unsaid: each value is in the profile, or its path (or its entry's) is on stderr", async () => {
    const { stderr, written } = await run(sample);
    const profile = JSON.stringify(written());
    /** `skills[0].keywords[1]`, then the entries it is in: `skills[0].keywords[1]`, `skills[0]`. */
    const pathAndEntries = (path: string) =>
      path
        .split(/(?=\.|\[)/)
        .map((_, index, parts) => parts.slice(0, parts.length - index).join(""))
        .filter((said, index) => index === 0 || said.endsWith("]"));
    const unsaid: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`);
      } else if (typeof value === "object" && value !== null)
        for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
      else if (
        value !== "" &&
        !profile.includes(JSON.stringify(value).slice(1, -1)) &&
        !pathAndEntries(path).some((said) => stderr.includes(`${said}:`))
      )
        unsaid.push(path);
    };
    walk(sample, "");
    // Which schema the document follows says nothing of its owner; the country code is
    // written as its name, and lastModified as the profile's date (checked above).
    expect(unsaid).toEqual(["$schema", "basics.location.countryCode", "meta.version", "meta.lastModified"]);
    expect(stderr).toContain('basics.phone: "(912) 555-4321"');
    expect(stderr).toContain('projects[0].name: "Miss Direction"');
    expect(stderr).toContain('skills[0]: "Web Development", 95/100 (read from "Master")');
    // What the owner's profile held that this resume does not is said too.
    expect(stderr).toContain('links: "GitHub", https://github.com/rin-example: not in the resume');
  });

  test("ends with the paths written, relative to the working folder, and `bun run dev`, as init and the README say", async () => {
    const cwd = mkdtempSync(join(scratch, "clone-"));
    writeFileSync(join(cwd, "resume.json"), JSON.stringify(sample));
    const { code, stdout } = await runCommand(
      [
        "bun",
        join(ROOT, "scripts", "import-resume.ts"),
        "resume.json",
        "--content-dir",
        "content",
        ...SAN_FRANCISCO,
      ],
      { cwd, env: ENV },
    );
    expect(code).toBe(0);
    expect(stdout).toStartWith("Wrote content/profile.json: Richard Hendriks,");
    expect(stdout).toContain("Wrote content/now.json: a new owner's /now, to fill in.");
    expect(stdout.trimEnd()).toEndWith("Review it, then `bun run dev`.");
  });

  test("--out writes the profile alone, there, and leaves the content folder as it is", async () => {
    const dir = contentFolder("sample");
    const out = join(scratch, "preview.json");
    const file = join(scratch, "preview-resume.json");
    writeFileSync(file, JSON.stringify(ANA));
    const { code } = await runCommand(
      ["bun", "run", "import-resume", file, "--content-dir", dir, "--out", out],
      { cwd: ROOT, env: ENV },
    );
    expect(code).toBe(0);
    expect(readJson<Profile>(scratch, "preview.json").handle).toBe("ahorvat");
    for (const name of ["profile.json", "now.json"]) {
      expect(readFileSync(join(dir, name), "utf8")).toBe(readFileSync(join(ownerDir("rin"), name), "utf8"));
    }
  });

  test("lists the work newest first, as the profile does, and says so when the resume did not", async () => {
    const job = (name: string, startDate: string) => ({ ...sample.work[0], name, startDate, endDate: "" });
    const work = [job("First", "2011"), job("Second", "2014-05"), job("Third", "2014-05-20")];
    const { code, stderr, written } = await run({ ...sample, work });
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
    const { code, stderr, written } = await run({ ...sample, work });
    expect(code).toBe(0);
    expect(written().experience[0]).toMatchObject({ start: "2013-02", end: "2014" });
    expect(written().education[0]).toMatchObject({ start: "2011-06-01", end: "2014-01-01" });
    expect(stderr).toContain('work[0].startDate: "2013-02-30" is not in the calendar; kept to the month');
  });
});

describe("refusals", () => {
  test("without a file: the usage, exit 2", async () => {
    const { code, stderr } = await runCommand(["bun", "run", "import-resume"], { cwd: ROOT, env: ENV });
    expect(code).toBe(2);
    expect(stderr).toContain("usage: bun run import-resume FILE");
  });

  test("a file that is not JSON, or not an object: exit 2, nothing written", async () => {
    for (const resume of ["{ not json", "[1, 2]"]) {
      const dir = contentFolder(undefined);
      const { code, stderr } = await importResume(resume, dir);
      expect(code).toBe(2);
      expect(stderr).toMatch(/cannot read|not a JSON Resume document/);
    }
  });

  test("a resume whose values the profile cannot hold: exit 1 naming the field, the old profile untouched", async () => {
    const own = validContent();
    const dir = contentFolder(undefined);
    writeContent(dir, own);
    const tooLong = { ...sample, basics: { ...sample.basics, summary: "x".repeat(601) } };
    const { code, stderr, written } = await importResume(tooLong, dir, ...SAN_FRANCISCO);
    expect(code).toBe(1);
    expect(stderr).toContain(`Not written: ${join(dir, "profile.json")}: /bio`);
    expect(written()).toEqual(own.profile);
  });

  test("a bad --timezone: one line naming it, exit 1", async () => {
    const dir = contentFolder("sample");
    const { code, errors } = await importResume(ANA, dir, "--timezone", "Europe/Atlantis");
    expect({ code, errors }).toEqual({
      code: 1,
      errors: [
        'Not written: --timezone is "Europe/Atlantis", not a time zone this runtime knows; expected one like America/Chicago',
      ],
    });
  });
});
