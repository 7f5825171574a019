/**
 * Test support: a complete, valid content for a made-up owner, built here rather than read
 * from `content/`, for a test to break one field of, or to write into a folder.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ContentFiles, filesOf } from "../../lib/content/files.ts";
import type { Stack } from "../../lib/content/schemas.ts";
import type { Content } from "../../lib/content/site-content.ts";

type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };

/** The made-up owner's files, by name without `.json`, each free to change. */
export type EditableContent = Mutable<Content> & { stack: Mutable<Stack> };

/** A fresh copy each call: every test may change it. */
export function validContent(): EditableContent {
  return {
    profile: {
      handle: "ada",
      name: "Ada Example",
      role: "Analyst",
      tagline: "Counts things carefully.",
      updated: "2026-03-15",
      bio: "A made-up owner for the tests.",
      location: { city: "Porto", country: "Portugal", timezone: "Europe/Lisbon" },
      email: "ada@example.com",
      links: [{ label: "Website", url: "https://example.com" }],
      skills: [{ name: "Counting", level: 80, group: "Maths" }],
      experience: [
        {
          start: "2022-04",
          end: null,
          role: "Analyst",
          organisation: "Engines Ltd",
          summary: "Tables of numbers, checked twice.",
          highlights: [],
        },
        {
          start: "2019",
          end: "2022-03-31",
          role: "Assistant",
          organisation: "Looms & Co",
          summary: "Punched cards.",
          highlights: ["Fewer jams"],
        },
      ],
      education: [{ start: "2015", end: "2018-06", degree: "BSc Mathematics", institution: "A University" }],
      languages: [{ name: "English", level: "Native" }],
    },
    now: {
      status: "Counting",
      updated: "2026-03-14",
      building: ["A difference engine"],
      learning: ["Notes"],
      reading: [],
      notDoing: [],
    },
    stack: {
      framework: "A framework",
      runtime: "A runtime",
      language: "A language",
      styling: "Some styling",
      typography: "Some type",
      deployment: "Somewhere",
      easterEggs: [{ hint: "Ask the front door.", try: "curl {base_url}/" }],
    },
  };
}

/** The content as files, each named for its key (`profile` is `profile.json`). */
export function contentFiles(content: EditableContent | Content): ContentFiles {
  return filesOf(Object.fromEntries(Object.entries(content).map(([name, value]) => [`${name}.json`, value])));
}

/** Writes each file of `content` into `dir` as a person would: indented, one file each. */
export function writeContent(dir: string, content: EditableContent | Content): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, value] of Object.entries(content)) {
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(value, null, 2)}\n`);
  }
}
