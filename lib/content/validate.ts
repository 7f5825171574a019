/**
 * @module Content validation: checks the hand-edited files in `content/` against the
 * schemas the API documents, and reports the first mistake by file and field path.
 */
import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { registerFormats } from "./formats.ts";
import * as Schemas from "./schemas.ts";

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

/** Each content file and the schema it must satisfy. */
function contentFileSchemas() {
  const schemas = Schemas.contentSchemas();
  return {
    profile: { file: CONTENT_FILE_NAMES.profile, schema: schemas.Profile },
    now: { file: CONTENT_FILE_NAMES.now, schema: schemas.Now },
    quotes: { file: CONTENT_FILE_NAMES.quotes, schema: schemas.Quotes },
    roasts: { file: CONTENT_FILE_NAMES.roasts, schema: schemas.Roasts },
    stack: { file: CONTENT_FILE_NAMES.stack, schema: schemas.Stack },
    site: { file: CONTENT_FILE_NAMES.site, schema: schemas.Site },
  } as const satisfies Record<keyof Content, { file: string; schema: TSchema }>;
}

export type RawContent = Readonly<Record<keyof Content, unknown>>;

/** A mistake in a content file: the file, where in it, and what is wrong, as one line. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly where: string,
    readonly problem: string,
    /** The folder the file was read from, as the owner knows it. */
    readonly folder = "content",
  ) {
    super(`${folder}/${file}: ${where || "(top level)"} ${problem}`);
    this.name = "ContentError";
  }
}

function check<T>(key: keyof Content, value: unknown): T {
  const { file, schema } = contentFileSchemas()[key];
  if (Value.Check(schema, value)) return value as T;
  const first = Value.Errors(schema, value).First();
  const shown =
    first && first.value !== undefined ? ` (got ${JSON.stringify(first.value)?.slice(0, 60)})` : "";
  throw new ContentError(file, first?.path ?? "", `${first?.message.toLowerCase() ?? "is invalid"}${shown}`);
}

/** What a schema cannot say: a time zone the runtime knows, ids that are unique. */
function checkMeaning(content: Content): void {
  try {
    new Intl.DateTimeFormat("en", { timeZone: content.profile.location.timezone });
  } catch {
    throw new ContentError("profile.json", "/location/timezone", "is not a time zone this runtime knows");
  }
  const seen = new Set<string>();
  content.roasts.forEach(({ id }, index) => {
    if (seen.has(id)) throw new ContentError("roasts.json", `/${index}/id`, `repeats the id "${id}"`);
    seen.add(id);
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
        `is not a URL on ${host} (got "${page.slice(0, 60)}")`,
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
   * cannot have changed since: skip the schema and time-zone checks, whose start-up
   * time is mostly ICU loading its time-zone data
   * (docs/decisions/2026-11-21-start-up-deferred.md).
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
