/**
 * @module A JSON Resume document read back into `content/profile.json`'s shape: the
 * mapping of `json-resume.ts`, reversed, so a new owner starts from their own resume.
 *
 * Nothing is dropped unsaid. Reading lists every value of the resume the profile has no
 * place for (`notImported`) and every value read in a way the owner should check
 * (`adjusted`). Completing the profile from the one it replaces lists every field taken
 * from that profile (`kept`: what a resume cannot hold, and what this one lacks), and
 * every value of it that does not carry over (`dropped`).
 */
import { isCalendarDate } from "../content/dates.ts";
import { type Profile, ProfileSchema } from "../content/schemas.ts";
import { countryName } from "./iso-codes.ts";
import { WEBSITE_LABEL } from "./json-resume.ts";

/** What a resume says of a profile's fields: a field it does not give is absent, a list empty. */
export interface ResumeFields {
  readonly name?: string | undefined;
  /** `basics.label`, else the latest position. */
  readonly role?: string | undefined;
  readonly bio?: string | undefined;
  readonly city?: string | undefined;
  readonly country?: string | undefined;
  readonly email?: string | undefined;
  /** `meta.lastModified`'s day; absent, the profile is dated the day of the import. */
  readonly updated?: string | undefined;
  readonly links: Profile["links"];
  readonly skills: Profile["skills"];
  /** Newest first, as the profile lists it. */
  readonly experience: Profile["experience"];
  readonly education: Profile["education"];
  readonly languages: Profile["languages"];
  /** The one username the resume's profiles give (`basics.profiles[].username`), when asked for. */
  readonly username?: string | undefined;
}

export interface ReadResume {
  readonly fields: ResumeFields;
  /** `path: value` of each resume value the profile cannot hold. */
  readonly notImported: readonly string[];
  /** Values read loosely: a level in words, a day not in the calendar, a list cut to its limit. */
  readonly adjusted: readonly string[];
}

export interface CompletedProfile {
  readonly profile: Profile;
  /** `field = value: why` of each field taken from the profile being replaced. */
  readonly kept: readonly string[];
  /** Values of the profile being replaced that the new one does not have, with why. */
  readonly dropped: readonly string[];
}

/** The content schema's limits on lists, read from it (`lib/content/schemas.ts`). */
function listLimits() {
  const { links, skills, experience, education, languages } = ProfileSchema.properties;
  return {
    links: links.maxItems as number,
    skills: skills.maxItems as number,
    experience: experience.maxItems as number,
    highlights: experience.items.properties.highlights.maxItems as number,
    education: education.maxItems as number,
    languages: languages.maxItems as number,
  };
}

/** A skill level in words, out of 100; JSON Resume's `level` is free text. */
const LEVEL_WORDS: Readonly<Record<string, number>> = {
  master: 95,
  expert: 90,
  advanced: 75,
  proficient: 70,
  intermediate: 55,
  competent: 55,
  beginner: 30,
  basic: 30,
  novice: 20,
};
const UNSTATED_LEVEL = 50;
const DEFAULT_GROUP = "Skills";

type Json = unknown;
type Path = string;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const textOf = (value: Json): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;
const listOf = (value: Json): Json[] => (Array.isArray(value) ? value : []);

/** Reads a resume and remembers every path it read, so what it did not read can be named. */
class Reader {
  readonly #read = new Set<Path>();

  constructor(readonly root: Record<string, Json>) {}

  /**
   * The value at `path` (`basics.location.city`, `work[0].name`). A single value is marked
   * as read; a list or an object is not, since what matters is which of its values are.
   */
  at(path: Path): Json {
    let value: Json = this.root;
    for (const part of path.split(/\.|\[(\d+)\]/).filter((p) => p !== undefined && p !== "")) {
      value = Array.isArray(value) ? value[Number(part)] : isObject(value) ? value[part] : undefined;
    }
    if (!Array.isArray(value) && !isObject(value)) this.#read.add(path);
    return value;
  }

  text(path: Path): string | undefined {
    return textOf(this.at(path));
  }

  /** The paths of a list's entries: `work[0]`, `work[1]`, ... */
  entries(path: Path): Path[] {
    return listOf(this.at(path)).map((_, i) => `${path}[${i}]`);
  }

  /** A list of text, each entry marked as read. */
  texts(path: Path): string[] {
    return this.entries(path).flatMap((entry) => this.text(entry) ?? []);
  }

  /** Marks a path as read without reading it: the whole entry was refused, and said so. */
  skip(path: Path): void {
    this.#read.add(path);
  }

  /** Every leaf of the resume nobody read (nor any of its parents), with its value. */
  unread(): string[] {
    const out: string[] = [];
    const walk = (value: Json, path: Path) => {
      if (this.#read.has(path)) return;
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`);
      } else if (isObject(value))
        for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
      else if (value !== null && value !== "") out.push(`${path}: ${shown(value)}`);
    };
    walk(this.root, "");
    return out;
  }
}

/**
 * A resume's date as a career date: a year, a month or a day, as precise as the resume
 * gives it. A day that is not in the calendar is kept to its month, and said so.
 */
function careerDate(date: string | undefined, path: Path, adjusted: string[]): string | undefined {
  const trimmed = date?.trim() ?? "";
  if (isCalendarDate(trimmed)) return trimmed;
  const month = trimmed.slice(0, 7);
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(trimmed) || !isCalendarDate(month)) return undefined;
  adjusted.push(`${path}: "${date}" is not in the calendar; kept to the month`);
  return month;
}

/** `93/100`, `93%` or `93` as a number out of 100; words by `LEVEL_WORDS`. */
function skillLevel(level: string | undefined, path: Path, adjusted: string[]): number {
  const number = level ? /^\s*([0-9]{1,3})\s*(\/\s*100|%)?\s*$/.exec(level) : null;
  if (number && Number(number[1]) <= 100) return Number(number[1]);
  const word = level ? LEVEL_WORDS[level.trim().toLowerCase()] : undefined;
  const value = word ?? UNSTATED_LEVEL;
  adjusted.push(`${path}: ${level ? JSON.stringify(level) : "no level"} read as ${value}/100`);
  return value;
}

function capped<T>(list: T[], max: number, what: string, adjusted: string[]): T[] {
  if (list.length > max)
    adjusted.push(`${what}: the profile holds ${max}; the last ${list.length - max} left out`);
  return list.slice(0, max);
}

/**
 * What a resume says of a profile's fields. With `username`, the username its profiles
 * give is read as the owner's when they agree on one; otherwise it is named as not
 * imported, as every value not read is.
 */
export function readJsonResume(resume: Json, { username = false } = {}): ReadResume {
  const limits = listLimits();
  if (!isObject(resume)) throw new TypeError("a JSON Resume document is a JSON object");
  const read = new Reader(resume);
  const adjusted: string[] = [];
  // Which schema the document follows says nothing about its owner.
  read.skip("$schema");
  read.skip("meta.version");

  const email = read.text("basics.email");
  const websiteUrl = read.text("basics.url");
  const links = read.entries("basics.profiles").flatMap((at) => {
    const url = read.text(`${at}.url`);
    if (!url || !/^(https?:\/\/|mailto:)/.test(url)) {
      read.skip(at);
      adjusted.push(`${at}: no http(s) or mailto: URL, so not a link`);
      return [];
    }
    const label = read.text(`${at}.network`) ?? new URL(url).hostname;
    return [{ label, url }];
  });
  if (websiteUrl && !links.some(({ url }) => url === websiteUrl)) {
    links.unshift({ label: WEBSITE_LABEL, url: websiteUrl });
  }
  const profiles = read.entries("basics.profiles");
  const usernames = new Set(
    profiles.flatMap((at) => {
      const entry = read.at(at);
      return (isObject(entry) && textOf(entry.username)) || [];
    }),
  );
  const agreed = username && usernames.size === 1 ? [...usernames][0] : undefined;
  if (agreed) for (const at of profiles) read.text(`${at}.username`);

  const experience = read.entries("work").flatMap((at) => {
    const organisation = read.text(`${at}.name`);
    const role = read.text(`${at}.position`);
    const start = careerDate(read.text(`${at}.startDate`), `${at}.startDate`, adjusted);
    if (!organisation || !role || !start) {
      read.skip(at);
      adjusted.push(`${at}: needs a name, a position and a startDate; not imported`);
      return [];
    }
    const endDate = read.text(`${at}.endDate`);
    const location = read.text(`${at}.location`);
    let summary = read.text(`${at}.summary`);
    if (!summary) {
      summary = read.text(`${at}.description`) ?? `${role} at ${organisation}.`;
      adjusted.push(`${at}.summary: none in the resume; "${summary.slice(0, 60)}" used`);
    }
    const highlights = read.texts(`${at}.highlights`);
    return [
      {
        start,
        end: (endDate && careerDate(endDate, `${at}.endDate`, adjusted)) || null,
        role,
        organisation,
        ...(location ? { location } : {}),
        summary,
        highlights: capped(highlights, limits.highlights, `${at}.highlights`, adjusted),
      },
    ];
  });

  // The profile lists the newest first; a resume may not. Dates compare as text, a year
  // before its months, so the order is one the content check accepts.
  const newestFirst = experience.toSorted((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));
  if (newestFirst.some((job, index) => job !== experience[index])) {
    adjusted.push("work: put newest first, as the profile lists it");
  }

  const education = read.entries("education").flatMap((at) => {
    const institution = read.text(`${at}.institution`);
    const studyType = read.text(`${at}.studyType`);
    const area = read.text(`${at}.area`);
    const degree = studyType && area ? `${studyType} in ${area}` : (studyType ?? area);
    const start = careerDate(read.text(`${at}.startDate`), `${at}.startDate`, adjusted);
    const end = careerDate(read.text(`${at}.endDate`), `${at}.endDate`, adjusted);
    if (!institution || !degree || !start || !end) {
      read.skip(at);
      adjusted.push(
        `${at}: needs an institution, a studyType or area, a startDate and an endDate; not imported`,
      );
      return [];
    }
    return [{ start, end, degree, institution }];
  });

  const skills = read.entries("skills").flatMap((at) => {
    const name = read.text(`${at}.name`);
    const keywords = read.texts(`${at}.keywords`);
    if (!name && keywords.length === 0) return [];
    const level = skillLevel(read.text(`${at}.level`), `${at}.level`, adjusted);
    // One keyword is the skill's group (as /api/resume.json writes it); several are skills
    // of the group the entry names (as most resumes write them).
    if (keywords.length <= 1)
      return [{ name: name ?? (keywords[0] as string), level, group: keywords[0] ?? DEFAULT_GROUP }];
    const group = name ?? DEFAULT_GROUP;
    adjusted.push(
      `${at}: its ${keywords.length} keywords became ${keywords.length} skills in the group ${JSON.stringify(group)}`,
    );
    return keywords.map((keyword) => ({ name: keyword, level, group }));
  });

  const languages = read.entries("languages").flatMap((at) => {
    const name = read.text(`${at}.language`);
    if (!name) return [];
    let level = read.text(`${at}.fluency`);
    if (!level) {
      level = "not stated";
      adjusted.push(`${at}.fluency: none in the resume; "${level}" used`);
    }
    return [{ name, level }];
  });

  const code = read.text("basics.location.countryCode");
  const country = code ? countryName(code) : undefined;
  if (code && !country) adjusted.push(`basics.location.countryCode: "${code}" is not an ISO 3166-1 code`);
  const lastModified = read.text("meta.lastModified");
  const label = read.text("basics.label");
  if (!label && newestFirst[0]) {
    adjusted.push(`role: no basics.label; the latest position, "${newestFirst[0].role}", used`);
  }

  const fields: ResumeFields = {
    name: read.text("basics.name"),
    role: label ?? newestFirst[0]?.role,
    bio: read.text("basics.summary"),
    city: read.text("basics.location.city"),
    country,
    email,
    updated:
      lastModified && /^[0-9]{4}-[0-9]{2}-[0-9]{2}/.test(lastModified)
        ? lastModified.slice(0, 10)
        : undefined,
    links: capped(links, limits.links, "links", adjusted),
    skills: capped(skills, limits.skills, "skills", adjusted),
    experience: capped(newestFirst, limits.experience, "work", adjusted),
    education: capped(education, limits.education, "education", adjusted),
    languages: capped(languages, limits.languages, "languages", adjusted),
    username: agreed,
  };
  return { fields, notImported: read.unread(), adjusted };
}

const NO_PLACE = "JSON Resume has no place for it";

/** The same school in two lists: its institution and start. */
const sameSchool = (a: Profile["education"][number], b: Profile["education"][number]) =>
  a.institution === b.institution && a.start === b.start;

/**
 * The profile `fields` describe, completed from `base`: the profile being replaced, or a
 * new owner's of placeholders. What a resume cannot hold (handle, tagline, time zone,
 * pronouns, fediverse account, education notes, ...) is kept from it, and so is every
 * required field the resume lacks, and the e-mail address when the resume has none.
 * `today` (YYYY-MM-DD, the owner's) dates it when the resume does not.
 */
export function profileFrom(fields: ResumeFields, base: Profile, today: string): CompletedProfile {
  const kept: string[] = [];
  const dropped: string[] = [];

  /** `value`, else `base`'s, said so. */
  function from<T>(value: T | undefined, field: string, fallback: T, why = "the resume has none"): T {
    if (value !== undefined) return value;
    if (fallback !== undefined) kept.push(`${field} = ${shown(fallback)}: ${why}`);
    return fallback;
  }
  /** `base`'s value of a field a resume has no place for. */
  const ofBase = <K extends keyof Profile>(field: K) => from(undefined, field, base[field], NO_PLACE);

  const name = from(fields.name, "name", base.name);
  const holdsFamilyName = base.familyName !== undefined && name.includes(base.familyName);
  const education = fields.education.map((school) => {
    const note = base.education.find((other) => sameSchool(other, school))?.note;
    return note ? { ...school, note } : school;
  });
  // In the order of the schema, so that what is kept is said in the order the file has it.
  const profile = {
    handle: ofBase("handle"),
    name,
    familyName: holdsFamilyName ? ofBase("familyName") : undefined,
    nativeName: ofBase("nativeName"),
    pronouns: ofBase("pronouns"),
    role: from(fields.role, "role", base.role),
    tagline: ofBase("tagline"),
    updated: fields.updated ?? today,
    bio: from(fields.bio, "bio", base.bio),
    location: {
      city: from(fields.city, "location.city", base.location.city),
      country: from(fields.country, "location.country", base.location.country),
      timezone: from(undefined, "location.timezone", base.location.timezone, NO_PLACE),
    },
    email: from(fields.email, "email", base.email),
    availability: ofBase("availability"),
    links: from(nonEmpty(fields.links), "links", base.links),
    fediverse: ofBase("fediverse"),
    blueskyDid: ofBase("blueskyDid"),
    skills: from(nonEmpty(fields.skills), "skills", base.skills),
    experience: from(nonEmpty(fields.experience), "experience", base.experience),
    education,
    languages: from(nonEmpty(fields.languages), "languages", base.languages),
  };
  for (const [index, { note }] of education.entries()) {
    if (note !== undefined) kept.push(`education[${index}].note = ${shown(note)}: ${NO_PLACE}`);
  }

  if (base.familyName !== undefined && !holdsFamilyName) {
    dropped.push(`familyName = ${shown(base.familyName)}: the name ${shown(name)} does not hold it`);
  }
  for (const { label, url } of base.links.filter(
    ({ url }) => !profile.links.some((link) => link.url === url),
  )) {
    dropped.push(`links: ${shown(label)}, ${url}: not in the resume`);
  }
  for (const school of base.education.filter(({ note }) => note !== undefined)) {
    if (!education.some((other) => sameSchool(other, school)))
      dropped.push(
        `education: the note of ${shown(school.institution)} (${school.start}): the school is not in the resume`,
      );
  }
  // A field nothing gives is absent, as the file writes it.
  const present = Object.entries(profile).filter(([, value]) => value !== undefined);
  return { profile: Object.fromEntries(present) as Profile, kept, dropped };
}

/** A value as a report line quotes it: JSON, cut short; a list by its length. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} entries`;
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 80 ? `${json.slice(0, 79)}…` : json;
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}
