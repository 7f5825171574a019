/**
 * @module A JSON Resume document read back into `content/profile.json`'s shape: the
 * mapping of `json-resume.ts`, reversed, so a new owner starts from their own resume.
 *
 * Nothing is dropped unsaid. Reading lists every value of the resume the profile has no
 * place for (`notImported`) and every value read in a way the owner should check
 * (`adjusted`). Completing the profile from the one it replaces lists every field taken
 * from that profile (`kept`: what a resume cannot hold, and what this one lacks), every
 * value of it that does not carry over (`dropped`), and what became of each skill.
 *
 * Skills are read as JSON Resume means them: an entry is one skill, its `name` and its
 * `level`; its `keywords` are what it covers, which a skill of the profile has no place
 * for. Only a document `/api/resume.json` wrote (its `meta.canonical` says so) carries a
 * skill's group, as its one keyword; any other skill takes the group of the skill of its
 * name in the profile being replaced, else one group for all.
 */
import { isCalendarDate } from "../content/dates.ts";
import { type Profile, ProfileSchema } from "../content/schemas.ts";
import { countryName } from "./iso-codes.ts";
import { RESUME_PATH, WEBSITE_LABEL } from "./json-resume.ts";

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
  readonly skills: readonly ResumeSkill[];
  /** Newest first, as the profile lists it. */
  readonly experience: Profile["experience"];
  readonly education: Profile["education"];
  readonly languages: Profile["languages"];
  /** The one username the resume's profiles give (`basics.profiles[].username`), when asked for. */
  readonly username?: string | undefined;
  /** The fediverse account of a Mastodon profile in `basics.profiles`, and that entry's path. */
  readonly fediverse?: { readonly account: string; readonly from: string } | undefined;
}

/** A skill as the resume gives it; `profileFrom` settles its group. */
export interface ResumeSkill {
  readonly name: string;
  readonly level: number;
  /** The group a document of `/api/resume.json` gives (its one keyword); none from any other. */
  readonly group?: string | undefined;
  /** Its entry in the resume: `skills[2]`. */
  readonly from: string;
  /** How its level was read, when not as a number out of 100: `from "Advanced"`, `none given`. */
  readonly levelRead?: string | undefined;
  /** What the entry covers, which a skill of the profile has no place for. */
  readonly keywords: readonly string[];
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
  /** What became of each skill of the resume: its name, level and group, and its keywords. */
  readonly skills: readonly string[];
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
    fluency: languages.items.properties.level.maxLength as number,
  };
}

/** A fediverse account as the profile writes it, `@name@server`: the schema's own pattern. */
const FEDIVERSE_ACCOUNT = new RegExp(ProfileSchema.properties.fediverse.properties.account.pattern as string);

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
/**
 * The group of a skill nothing groups. The page and the terminal name a group only beside
 * another, so a resume's skills, all in this one, are shown as a plain list.
 */
const DEFAULT_GROUP = "Skills";

/** The `network` of a `basics.profiles` entry that is a fediverse account, in lower case. */
const FEDIVERSE_NETWORKS = new Set(["mastodon", "fediverse"]);

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

/**
 * `93/100`, `93%` or `93` as a number out of 100; words by `LEVEL_WORDS`, and none as
 * `UNSTATED_LEVEL`, each with how it was read.
 */
function skillLevel(level: string | undefined): { value: number; read?: string } {
  const number = level ? /^\s*([0-9]{1,3})\s*(\/\s*100|%)?\s*$/.exec(level) : null;
  if (number && Number(number[1]) <= 100) return { value: Number(number[1]) };
  const word = level ? LEVEL_WORDS[level.trim().toLowerCase()] : undefined;
  return {
    value: word ?? UNSTATED_LEVEL,
    read: level ? `read from ${JSON.stringify(level)}` : "no level given",
  };
}

/**
 * `@name@server` from a fediverse profile's username (`@name@server`, `name@server`) or,
 * failing that, its URL (`https://server/@name`, where Mastodon puts a profile); undefined
 * when neither makes an account the profile holds.
 */
function fediverseAccountOf(username: string | undefined, url: string | undefined): string | undefined {
  const fromName = username && /^@?([^@\s]+)@([^@\s]+)$/.exec(username.trim());
  const fromUrl = url && /^https:\/\/([^/\s]+)\/@([^/@\s]+)\/?$/.exec(url.trim());
  const [name, server] = fromName
    ? [fromName[1], fromName[2]]
    : fromUrl
      ? [fromUrl[2], fromUrl[1]]
      : [undefined, undefined];
  const account = name && server ? `@${name}@${server.toLowerCase()}` : undefined;
  return account && FEDIVERSE_ACCOUNT.test(account) ? account : undefined;
}

/**
 * A fluency longer than the profile holds, shortened when it ends in "proficiency", as
 * LinkedIn's five levels do ("Full professional proficiency"): the owner's words, less that
 * one. Any other is kept as written, for the check to name.
 */
function fluencyOf(fluency: string, max: number): string {
  const shorter = /^(.+?)\s+proficiency$/i.exec(fluency.trim())?.[1];
  return fluency.length > max && shorter ? shorter : fluency;
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
  const fediverse = profiles.flatMap((at) => {
    const entry = read.at(at);
    if (!isObject(entry) || !FEDIVERSE_NETWORKS.has(textOf(entry.network)?.toLowerCase() ?? "")) return [];
    const account = fediverseAccountOf(textOf(entry.username), textOf(entry.url));
    if (!account) adjusted.push(`${at}: no fediverse account like @name@server in its username or URL`);
    return account ? [{ account, from: at }] : [];
  });
  for (const other of fediverse.slice(1)) {
    adjusted.push(`${other.from}: ${other.account} is a second fediverse account; the profile holds one`);
  }
  if (fediverse[0]) read.text(`${fediverse[0].from}.username`);
  // A fediverse username is written `@name@server`: its name is what other profiles would share.
  const nameOf = (at: string, entry: Record<string, Json>) =>
    fediverse.find(({ from }) => from === at)?.account.split("@")[1] ?? textOf(entry.username);
  const usernames = new Set(
    profiles.flatMap((at) => {
      const entry = read.at(at);
      return (isObject(entry) && nameOf(at, entry)) || [];
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

  // A document /api/resume.json wrote carries each skill's group as its one keyword. Where
  // it lives is looked at, not imported: the profile has no place for it, and says so.
  const meta = isObject(resume.meta) ? resume.meta : {};
  const writtenBySite = textOf(meta.canonical)?.endsWith(RESUME_PATH) ?? false;
  const skills = read.entries("skills").flatMap((at): ResumeSkill[] => {
    const name = read.text(`${at}.name`);
    const keywords = read.texts(`${at}.keywords`);
    if (!name) {
      read.skip(at);
      if (keywords.length > 0) {
        adjusted.push(
          `${at}: no name, so no skill; its keywords not imported: ${keywords.map(shown).join(", ")}`,
        );
      }
      return [];
    }
    const level = skillLevel(read.text(`${at}.level`));
    const group = writtenBySite && keywords.length === 1 ? keywords[0] : undefined;
    return [
      { name, level: level.value, group, from: at, levelRead: level.read, keywords: group ? [] : keywords },
    ];
  });

  const languages = read.entries("languages").flatMap((at) => {
    const name = read.text(`${at}.language`);
    if (!name) return [];
    const fluency = read.text(`${at}.fluency`);
    if (!fluency) {
      adjusted.push(`${at}.fluency: none in the resume; "not stated" used`);
      return [{ name, level: "not stated" }];
    }
    const level = fluencyOf(fluency, limits.fluency);
    if (level !== fluency) {
      adjusted.push(
        `${at}.fluency: ${shown(fluency)} is more than the profile's ${limits.fluency} characters; ${shown(level)} used`,
      );
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
    fediverse: fediverse[0],
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
 * `today` (YYYY-MM-DD, the owner's) dates it when the resume does not. `settled` names
 * the fields of `base` given or made for this import (`handle`, `location.timezone`):
 * they are not said to be kept, since no profile held them.
 */
export function profileFrom(
  fields: ResumeFields,
  base: Profile,
  { today, settled = [] }: { today: string; settled?: readonly string[] },
): CompletedProfile {
  const kept: string[] = [];
  const dropped: string[] = [];

  /** `value`, else `base`'s, said so. */
  function from<T>(value: T | undefined, field: string, fallback: T, why = "the resume has none"): T {
    if (value !== undefined) return value;
    if (fallback !== undefined && !settled.includes(field))
      kept.push(`${field} = ${shown(fallback)}: ${why}`);
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
  const { skills, said: skillsSaid } = skillsFrom(fields.skills, base.skills);
  const account = fields.fediverse?.account;
  const fediverse = account
    ? {
        account,
        ...(base.fediverse?.account === account && base.fediverse.actor
          ? { actor: base.fediverse.actor }
          : {}),
      }
    : ofBase("fediverse");
  if (account && base.fediverse && base.fediverse.account !== account) {
    dropped.push(
      `fediverse = ${shown(base.fediverse)}: the resume's ${fields.fediverse?.from} names ${account}`,
    );
  }
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
    fediverse,
    blueskyDid: ofBase("blueskyDid"),
    skills: from(nonEmpty(skills), "skills", base.skills),
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
  return { profile: Object.fromEntries(present) as unknown as Profile, kept, dropped, skills: skillsSaid };
}

/**
 * The profile's skills from the resume's, each said: its level as read, its group (the one
 * the resume gives, else that of the skill of its name in `before`, else `DEFAULT_GROUP`),
 * and its keywords, which are not imported.
 */
function skillsFrom(
  resumeSkills: readonly ResumeSkill[],
  before: Profile["skills"],
): { skills: Profile["skills"]; said: string[] } {
  const said: string[] = [];
  const skills = resumeSkills.map(({ name, level, group, from, levelRead, keywords }) => {
    const same = before.find((skill) => skill.name.toLowerCase() === name.toLowerCase());
    const [settled, why] = group
      ? [group, "its keyword, as /api/resume.json writes it"]
      : same
        ? [same.group, "as your profile had it"]
        : [DEFAULT_GROUP, "the resume gives none"];
    const parts = [
      `${from}: ${shown(name)}, ${level}/100${levelRead ? ` (${levelRead})` : ""}`,
      `in the group ${shown(settled)} (${why})`,
      ...(keywords.length > 0 ? [`its keywords not imported: ${keywords.map(shown).join(", ")}`] : []),
    ];
    said.push(parts.join("; "));
    return { name, level, group: settled };
  });
  return { skills, said };
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
