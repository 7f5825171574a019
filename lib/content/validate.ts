/**
 * @module Content validation: checks the hand-edited files in `content/` against the
 * schemas the API documents, then what a schema cannot say, and reports the first
 * mistake in one line: the file, the field's JSON pointer, the value, what is expected.
 */
import { Value } from "@sinclair/typebox/value";
import { ContentError } from "./content-error.ts";
import { impossibleDate, isBefore } from "./dates.ts";
import { registerFormats } from "./formats.ts";
import { inWords, type Noun } from "./mistakes.ts";
import * as Schemas from "./schemas.ts";

export { ContentError } from "./content-error.ts";

registerFormats();

export interface Content {
  readonly profile: Schemas.Profile;
  readonly now: Schemas.Now;
  readonly quotes: readonly Schemas.Quote[];
  readonly roasts: readonly Schemas.Roast[];
  readonly stack: Schemas.Stack;
  readonly site: Schemas.Site;
}

interface ContentFile {
  /** Its name under `content/`. */
  readonly file: string;
  /** The content schema it must satisfy. */
  readonly schema: keyof Schemas.ContentSchemas;
  /** What the entries of a file that is a list are called. */
  readonly entries?: Noun;
}

/** Each part of the content: its file, and what the file must be. Read and checked in this order. */
const CONTENT_FILES = {
  profile: { file: "profile.json", schema: "Profile" },
  now: { file: "now.json", schema: "Now" },
  quotes: { file: "quotes.json", schema: "Quotes", entries: { one: "quote", many: "quotes" } },
  roasts: { file: "roasts.json", schema: "Roasts", entries: { one: "roast", many: "roasts" } },
  stack: { file: "stack.json", schema: "Stack" },
  site: { file: "site.json", schema: "Site" },
} as const satisfies Record<keyof Content, ContentFile>;

/** The parts of the content, in the order of `CONTENT_FILES`. */
const CONTENT_KEYS = Object.keys(CONTENT_FILES) as readonly (keyof Content)[];

/** Each part of the content, by its file's name in `content/`. */
export const CONTENT_FILE_NAMES = Object.fromEntries(
  CONTENT_KEYS.map((key) => [key, CONTENT_FILES[key].file]),
) as { readonly [Key in keyof Content]: (typeof CONTENT_FILES)[Key]["file"] };

export type RawContent = Readonly<Record<keyof Content, unknown>>;

/** Every content file, each as `read` gives it from its name: where the files come from is the caller's. */
export function readContentFiles(read: (fileName: string, key: keyof Content) => unknown): RawContent {
  return Object.fromEntries(
    CONTENT_KEYS.map((key) => [key, read(CONTENT_FILES[key].file, key)]),
  ) as RawContent;
}

function check(key: keyof Content, value: unknown): unknown {
  const { file, schema: schemaName, entries }: ContentFile = CONTENT_FILES[key];
  const schema = Schemas.contentSchemas()[schemaName];
  if (Value.Check(schema, value)) return value;
  const errors = [...Value.Errors(schema, value)];
  const first = errors[0] as (typeof errors)[number];
  throw new ContentError(file, first.path, inWords(first, { errors, entries }));
}

/** A date that has the shape of one but is not in the calendar (`2026-02-30`). */
function checkDateExists(file: string, path: string, date: string): void {
  const problem = impossibleDate(date);
  if (problem) throw new ContentError(file, path, problem);
}

/** Career dates: each in the calendar, and no end before its start. */
function checkCareerDates(profile: Schemas.Profile): void {
  const spans = [
    ...profile.experience.map(({ start, end }, index) => ({ at: `/experience/${index}`, start, end })),
    ...profile.education.map(({ start, end }, index) => ({ at: `/education/${index}`, start, end })),
  ];
  for (const { at, start, end } of spans) {
    checkDateExists(CONTENT_FILE_NAMES.profile, `${at}/start`, start);
    if (end === null) continue;
    checkDateExists(CONTENT_FILE_NAMES.profile, `${at}/end`, end);
    if (isBefore(end, start)) {
      throw new ContentError(
        CONTENT_FILE_NAMES.profile,
        `${at}/end`,
        `is "${end}", before its start "${start}"`,
      );
    }
  }
}

/** A family name is words of the name itself: the rest of the name is the given name. */
function checkFamilyName({ name, familyName }: Schemas.Profile): void {
  if (familyName === undefined || name.includes(familyName)) return;
  throw new ContentError(
    CONTENT_FILE_NAMES.profile,
    "/familyName",
    `is ${JSON.stringify(familyName)}, which the name ${JSON.stringify(name)} does not hold; write it as the name does`,
  );
}

/**
 * The experience, newest first, as the schema documents it and every renderer shows it
 * (the first role is the one a reader sees first, and the role a resume import falls back on).
 */
function checkNewestFirst(profile: Schemas.Profile): void {
  profile.experience.forEach(({ start }, index) => {
    const before = profile.experience[index - 1];
    if (before && isBefore(before.start, start)) {
      throw new ContentError(
        CONTENT_FILE_NAMES.profile,
        `/experience/${index}`,
        `(started ${start}) is newer than /experience/${index - 1} (started ${before.start}): list the newest first`,
      );
    }
  });
}

/** The runtime's spelling of a time zone it knows (`Europe/Athens` for `europe/athens`), else undefined. */
function canonicalTimeZone(timeZone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat("en", { timeZone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A time zone the runtime knows, spelt as the IANA database spells it: ICU accepts any
 * letter case, but the profile, the vCard and `%z` serve it as written. Only a difference
 * in case is refused, since an alias (`Asia/Calcutta`) may resolve to another name.
 */
function checkTimeZone(timeZone: string): void {
  const canonical = canonicalTimeZone(timeZone);
  const mistake =
    canonical === undefined
      ? "not a time zone this runtime knows; expected one like America/Chicago"
      : canonical !== timeZone && canonical.toLowerCase() === timeZone.toLowerCase()
        ? `not the IANA spelling; did you mean ${JSON.stringify(canonical)}?`
        : undefined;
  if (mistake) {
    throw new ContentError(
      CONTENT_FILE_NAMES.profile,
      "/location/timezone",
      `is ${JSON.stringify(timeZone)}, ${mistake}`,
    );
  }
}

/**
 * What a schema cannot say: dates that exist, ends after starts, the experience newest
 * first, a time zone the runtime knows, a family name the name holds, ids that are unique.
 */
function checkMeaning(content: Content): void {
  checkDateExists(CONTENT_FILE_NAMES.profile, "/updated", content.profile.updated);
  checkDateExists(CONTENT_FILE_NAMES.now, "/updated", content.now.updated);
  checkCareerDates(content.profile);
  checkNewestFirst(content.profile);
  checkFamilyName(content.profile);
  checkTimeZone(content.profile.location.timezone);
  const firstWith = new Map<string, number>();
  content.roasts.forEach(({ id }, index) => {
    const first = firstWith.get(id);
    if (first !== undefined) {
      throw new ContentError(
        CONTENT_FILE_NAMES.roasts,
        `/${index}/id`,
        `is "${id}", the id of /${first} too; each roast needs its own`,
      );
    }
    firstWith.set(id, index);
  });
}

/** IndexNow accepts only URLs on the submitted host; a stray one would sink the lot. */
function checkPagesOnSite(site: Schemas.Site, siteUrl: string): void {
  const { host } = new URL(siteUrl);
  site.pages.forEach((page, index) => {
    let url: URL | undefined;
    try {
      url = new URL(page);
    } catch {}
    if (url?.host !== host) {
      throw new ContentError(
        CONTENT_FILE_NAMES.site,
        `/pages/${index}`,
        `is ${JSON.stringify(page.slice(0, 60))}, not a URL on ${host}; expected one like {base_url}/api/now`,
      );
    }
  });
}

/** `{base_url}` in any content string becomes the site's public origin. */
function withBaseUrl<T>(value: T, siteUrl: string): T {
  return JSON.parse(JSON.stringify(value).replaceAll("{base_url}", siteUrl)) as T;
}

/**
 * Every check that does not depend on `SITE_URL`: each file against its schema, then
 * what a schema cannot say. Throws `ContentError` naming the file and field.
 */
export function checkContentFiles(raw: RawContent): Content {
  const content = Object.fromEntries(
    CONTENT_KEYS.map((key) => [key, check(key, raw[key])]),
  ) as unknown as Content;
  checkMeaning(content);
  return content;
}

export interface ValidateOptions {
  /**
   * The files were checked by `checkContentFiles` when the executable was built, and
   * cannot have changed since: the one check start-up skips.
   */
  readonly filesChecked?: boolean;
}

/** Validates the content for this site; throws `ContentError` naming the file and field. */
export function validateContent(raw: RawContent, siteUrl: string, options: ValidateOptions = {}): Content {
  const content = options.filesChecked ? (raw as Content) : checkContentFiles(raw);
  const resolved = withBaseUrl(content, siteUrl);
  checkPagesOnSite(resolved.site, siteUrl);
  return Object.freeze(resolved);
}
