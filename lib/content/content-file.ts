/**
 * @module A file of `content/` as the code knows it: its name, the schema it must satisfy,
 * and what its schema cannot say. The profile and /now are declared in `site-content.ts`,
 * for every part of the site reads them; a file that only one route reads is declared in
 * that route's file, beside its handler, and goes when the route goes.
 *
 * @example
 * const ROASTS = contentFile({ name: "roasts.json", schema: t.Array(Roast, { minItems: 1 }) });
 * site.read(ROASTS); // the file's value, checked
 */
import type { Static, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { ContentError } from "./content-error.ts";
import { registerFormats } from "./formats.ts";
import { inWords, type Noun } from "./mistakes.ts";

registerFormats();

export interface ContentFile<T> {
  /** Its name in `content/`: `roasts.json`. */
  readonly name: string;
  readonly schema: TSchema;
  /** What the entries of a file that is a list are called, for its mistakes: `roast`, `roasts`. */
  readonly entries?: Noun;
  /**
   * What a schema cannot say (a date in the calendar, ids that differ): throws a
   * `ContentError` naming the field.
   */
  readonly check?: (value: T) => void;
}

/** Every content file declared so far, in the order of their modules: what a test of every schema walks. */
export const DECLARED_CONTENT_FILES: ContentFile<never>[] = [];

/** Declares a content file; its value's type is its schema's. */
export function contentFile<S extends TSchema>(file: {
  readonly name: string;
  readonly schema: S;
  readonly entries?: Noun;
  readonly check?: (value: Static<S>) => void;
}): ContentFile<Static<S>> {
  DECLARED_CONTENT_FILES.push(file);
  return file;
}

/** `{base_url}` in any text of the content becomes the site's public origin. */
function withBaseUrl<T>(value: T, siteUrl: string): T {
  return JSON.parse(JSON.stringify(value).replaceAll("{base_url}", siteUrl)) as T;
}

/**
 * A file's value, as parsed from its JSON, checked against its schema and then its own
 * checks, with `{base_url}` made the site's origin. Throws a `ContentError` naming the
 * file and the field of the first mistake (its folder is the caller's to add).
 */
export function checkContentFile<T>(file: ContentFile<T>, value: unknown, siteUrl: string): T {
  if (!Value.Check(file.schema, value)) {
    const errors = [...Value.Errors(file.schema, value)];
    const first = errors[0] as (typeof errors)[number];
    throw new ContentError(file.name, first.path, inWords(first, { errors, entries: file.entries }));
  }
  file.check?.(value as T);
  return withBaseUrl(value as T, siteUrl);
}

/**
 * Every mistake in a file's value, the first for each field, in the order of the file:
 * what a command that writes a whole file says at once, where start-up stops at the first.
 * The checks a schema cannot say run on a value the schema accepts, and stop at their first.
 */
export function contentMistakes<T>(file: ContentFile<T>, value: unknown): ContentError[] {
  if (Value.Check(file.schema, value)) {
    try {
      file.check?.(value as T);
      return [];
    } catch (error) {
      if (error instanceof ContentError) return [error];
      throw error;
    }
  }
  const errors = [...Value.Errors(file.schema, value)];
  const firstOfEach = errors.filter(
    (error, index) => errors.findIndex(({ path }) => path === error.path) === index,
  );
  return firstOfEach.map(
    (error) => new ContentError(file.name, error.path, inWords(error, { errors, entries: file.entries })),
  );
}
