/**
 * @module Content validation: checks the hand-edited files in `content/` against the
 * schemas the API documents, then what a schema cannot say, and reports the first
 * mistake in one line: the file, the field's JSON pointer, the value, what is expected.
 */
import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { ContentError } from "./content-error.ts";
import { endsBeforeStart, impossibleDate } from "./dates.ts";
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

/** Each part of the content, by its file's name in `content/`. */
export const CONTENT_FILE_NAMES = {
  profile: "profile.json",
  now: "now.json",
  quotes: "quotes.json",
  roasts: "roasts.json",
  stack: "stack.json",
  site: "site.json",
} as const satisfies Record<keyof Content, string>;

interface ContentFile {
  /** Its name under `content/`. */
  readonly file: string;
  readonly schema: TSchema;
  /** What the entries of a file that is a list are called. */
  readonly entries?: Noun;
}

/** Each content file, by its name under `content/`, and the schema it must satisfy. */
function contentFileSchemas(): Record<keyof Content, ContentFile> {
  const schemas = Schemas.contentSchemas();
  return {
    profile: { file: CONTENT_FILE_NAMES.profile, schema: schemas.Profile },
    now: { file: CONTENT_FILE_NAMES.now, schema: schemas.Now },
    quotes: {
      file: CONTENT_FILE_NAMES.quotes,
      schema: schemas.Quotes,
      entries: { one: "quote", many: "quotes" },
    },
    roasts: {
      file: CONTENT_FILE_NAMES.roasts,
      schema: schemas.Roasts,
      entries: { one: "roast", many: "roasts" },
    },
    stack: { file: CONTENT_FILE_NAMES.stack, schema: schemas.Stack },
    site: { file: CONTENT_FILE_NAMES.site, schema: schemas.Site },
  };
}

export type RawContent = Readonly<Record<keyof Content, unknown>>;

/** Every content file, each as `read` gives it from its name: where the files come from is the caller's. */
export function readContentFiles(read: (fileName: string, key: keyof Content) => unknown): RawContent {
  return {
    profile: read(CONTENT_FILE_NAMES.profile, "profile"),
    now: read(CONTENT_FILE_NAMES.now, "now"),
    quotes: read(CONTENT_FILE_NAMES.quotes, "quotes"),
    roasts: read(CONTENT_FILE_NAMES.roasts, "roasts"),
    stack: read(CONTENT_FILE_NAMES.stack, "stack"),
    site: read(CONTENT_FILE_NAMES.site, "site"),
  };
}

function check<T>(key: keyof Content, value: unknown): T {
  const { file, schema, entries } = contentFileSchemas()[key];
  if (Value.Check(schema, value)) return value as T;
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
    checkDateExists("profile.json", `${at}/start`, start);
    if (end === null) continue;
    checkDateExists("profile.json", `${at}/end`, end);
    if (endsBeforeStart(start, end)) {
      throw new ContentError("profile.json", `${at}/end`, `is "${end}", before its start "${start}"`);
    }
  }
}

/**
 * What a schema cannot say: dates that exist, ends after starts, a time zone the runtime
 * knows, ids that are unique.
 */
function checkMeaning(content: Content): void {
  checkDateExists("profile.json", "/updated", content.profile.updated);
  checkDateExists("now.json", "/updated", content.now.updated);
  checkCareerDates(content.profile);
  const { timezone } = content.profile.location;
  try {
    new Intl.DateTimeFormat("en", { timeZone: timezone });
  } catch {
    throw new ContentError(
      "profile.json",
      "/location/timezone",
      `is ${JSON.stringify(timezone)}, not a time zone this runtime knows; expected one like America/Chicago`,
    );
  }
  const firstWith = new Map<string, number>();
  content.roasts.forEach(({ id }, index) => {
    const first = firstWith.get(id);
    if (first !== undefined) {
      throw new ContentError(
        "roasts.json",
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
        "site.json",
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
  const content: Content = {
    profile: check("profile", raw.profile),
    now: check("now", raw.now),
    quotes: check("quotes", raw.quotes),
    roasts: check("roasts", raw.roasts),
    stack: check("stack", raw.stack),
    site: check("site", raw.site),
  };
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
