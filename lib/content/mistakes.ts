/**
 * @module A failed schema check in words for a person: what the value is, and what is
 * expected. The words for a pattern, a format or a union are the schema's own (its
 * `EXPECTED` option); every other check is said from the schema's limits. Only text,
 * numbers and the like are quoted, shortened: never a whole list or object.
 */
import { Kind, type TSchema } from "@sinclair/typebox";
import { type ValueError, ValueErrorType } from "@sinclair/typebox/errors";
import { impossibleDate } from "./dates.ts";

/**
 * The schema option that says, in words, what a pattern, a format or a union accepts:
 * `"a month like 2024-03"`. An OpenAPI extension, so the published document may carry it.
 */
export const EXPECTED = "x-expected";

/** What the entries of a list are called, one and many. */
export interface Noun {
  readonly one: string;
  readonly many: string;
}

const ENTRY: Noun = { one: "entry", many: "entries" };
const QUOTED_AT_MOST = 40;

export interface MistakeContext {
  /** Every error of the same check, in order: a missing field's misspelt neighbour is among them. */
  readonly errors: readonly ValueError[];
  /** What the entries of the file's top-level list are called. */
  readonly entries?: Noun;
}

/** What JSON leaves as it is but a terminal may act on: DEL, C1, line separators, bidirectional controls. */
const UNESCAPED_BY_JSON = /[\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A text value as a line quotes it: JSON, cut short, every character that steers a terminal escaped. */
function quoted(text: string): string {
  return JSON.stringify(
    text.length > QUOTED_AT_MOST ? `${text.slice(0, QUOTED_AT_MOST - 1).trimEnd()}…` : text,
  ).replace(UNESCAPED_BY_JSON, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`);
}

/** A value with its kind: `the number 42`, `the text "42"`, `a list`. */
function typed(value: unknown): string {
  if (typeof value === "string") return `the text ${quoted(value)}`;
  if (typeof value === "number") return `the number ${value}`;
  if (Array.isArray(value)) return "a list";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return String(value);
}

/** A value as a line shows it: text quoted, anything else by its kind. */
function shown(value: unknown): string {
  return typeof value === "string" ? quoted(value) : typed(value);
}

function counted(count: number, noun: Noun): string {
  return `${count} ${count === 1 ? noun.one : noun.many}`;
}

/** `a`, `a and b`, `a, b and c`; or, given "or" for the conjunction, `a, b or c`. */
export function listed(words: readonly string[], conjunction: "and" | "or" = "and"): string {
  return words.length <= 1
    ? (words[0] ?? "")
    : `${words.slice(0, -1).join(", ")} ${conjunction} ${words.at(-1)}`;
}

/** ` from 0 to 100`, ` of at least 1`, or nothing. */
function range(schema: TSchema): string {
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  if (minimum !== undefined && maximum !== undefined) return ` from ${minimum} to ${maximum}`;
  if (minimum !== undefined) return ` of at least ${minimum}`;
  if (maximum !== undefined) return ` of at most ${maximum}`;
  return "";
}

/** ` of 1 to 60 characters`, or nothing. */
function length(schema: TSchema): string {
  const { minLength = 0, maxLength } = schema as { minLength?: number; maxLength?: number };
  if (maxLength === undefined) return minLength > 0 ? ` of at least ${minLength} characters` : "";
  return minLength > 0
    ? ` of ${minLength} to ${maxLength} characters`
    : ` of at most ${maxLength} characters`;
}

/** `1 to 6 `, `at least 30 `, or nothing. */
function howMany(schema: TSchema): string {
  const { minItems, maxItems } = schema as { minItems?: number; maxItems?: number };
  if (minItems !== undefined && maxItems !== undefined) return `${minItems} to ${maxItems} `;
  if (minItems !== undefined) return `at least ${minItems} `;
  if (maxItems !== undefined) return `at most ${maxItems} `;
  return "";
}

/** What a schema accepts, in words: its own when it has them. */
export function expectedOf(schema: TSchema, entries: Noun = ENTRY): string {
  const words = schema[EXPECTED];
  if (typeof words === "string") return words;
  switch (schema[Kind]) {
    case "String":
      return `text${length(schema)}`;
    case "Integer":
      return `a whole number${range(schema)}`;
    case "Number":
      return `a number${range(schema)}`;
    case "Boolean":
      return "true or false";
    case "Null":
      return "null";
    case "Array": {
      // `at least 1 quote`, `1 to 6 entries`: one thing is one.
      const { minItems, maxItems } = schema as { minItems?: number; maxItems?: number };
      const one = (maxItems ?? minItems) === 1 && (maxItems === undefined || minItems === maxItems);
      return `a list of ${howMany(schema)}${one ? entries.one : entries.many}`;
    }
    case "Object":
      return `an object with the fields ${listed(Object.keys(schema.properties ?? {}))}`;
    default:
      return "a value of another kind";
  }
}

/** The last segment of a JSON pointer, unescaped. */
function fieldOf(path: string): string {
  return path
    .slice(path.lastIndexOf("/") + 1)
    .replaceAll("~1", "/")
    .replaceAll("~0", "~");
}

const parentOf = (path: string) => path.slice(0, path.lastIndexOf("/"));

/** The noun for a list at `path`: the file's own for its top level, else "entries". */
const nounAt = (error: ValueError, context: MistakeContext) =>
  error.path === "" ? (context.entries ?? ENTRY) : ENTRY;

type Say = (error: ValueError, context: MistakeContext) => string;

function missing(error: ValueError, { errors }: MistakeContext): string {
  const expected = `expected ${expectedOf(error.schema)}`;
  const strays = errors
    .filter(
      (other) =>
        other.type === ValueErrorType.ObjectAdditionalProperties &&
        parentOf(other.path) === parentOf(error.path),
    )
    .map((other) => JSON.stringify(fieldOf(other.path)));
  if (strays.length === 0) return `is missing; ${expected}`;
  const notFields = strays.length === 1 ? "is not a field" : "are not fields";
  return `is missing (${listed(strays)} ${notFields}: misspelt?); ${expected}`;
}

const unknownField: Say = ({ schema }) =>
  `is not a field here; the fields are ${listed(Object.keys(schema.properties ?? {}))}`;

const wrongKind: Say = (error, context) =>
  `is ${typed(error.value)}; expected ${expectedOf(error.schema, nounAt(error, context))}`;

const tooShort: Say = ({ schema, value }) => {
  const text = value as string;
  if (text.length === 0) return `is empty; expected ${expectedOf(schema)}`;
  return `is ${quoted(text)}, ${text.length} characters; at least ${schema.minLength} are needed`;
};

const tooLong: Say = ({ schema, value }) =>
  `is ${(value as string).length} characters long (${quoted(value as string)}); at most ${schema.maxLength} fit`;

const tooFew: Say = (error, context) => {
  const count = (error.value as unknown[]).length;
  const minItems: number = error.schema.minItems;
  const noun = nounAt(error, context);
  const has = count === 0 ? `no ${noun.many}` : counted(count, noun);
  return `has ${has}; at least ${minItems} ${minItems === 1 ? "is" : "are"} needed`;
};

const tooMany: Say = (error, context) => {
  const count = (error.value as unknown[]).length;
  return `has ${counted(count, nounAt(error, context))}; at most ${error.schema.maxItems} fit`;
};

const repeated: Say = ({ value }) => {
  const seen = new Set<string>();
  const twice = (value as unknown[]).find((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
  return `lists ${shown(twice)} twice; each entry must be different`;
};

const outOfRange: Say = ({ schema, value }) => `is ${value}; expected ${expectedOf(schema)}`;

const notAsExpected: Say = ({ schema, value }) =>
  (schema.format === "date" && typeof value === "string" && impossibleDate(value)) ||
  `is ${shown(value)}; expected ${expectedOf(schema)}`;

/** One sentence per kind of check; a check these schemas never make has none. */
const SAY: Partial<Record<ValueErrorType, Say>> = {
  [ValueErrorType.ObjectRequiredProperty]: missing,
  [ValueErrorType.ObjectAdditionalProperties]: unknownField,
  [ValueErrorType.String]: wrongKind,
  [ValueErrorType.Integer]: wrongKind,
  [ValueErrorType.Number]: wrongKind,
  [ValueErrorType.Boolean]: wrongKind,
  [ValueErrorType.Null]: wrongKind,
  [ValueErrorType.Array]: wrongKind,
  [ValueErrorType.Object]: wrongKind,
  [ValueErrorType.StringMinLength]: tooShort,
  [ValueErrorType.StringMaxLength]: tooLong,
  [ValueErrorType.ArrayMinItems]: tooFew,
  [ValueErrorType.ArrayMaxItems]: tooMany,
  [ValueErrorType.ArrayUniqueItems]: repeated,
  [ValueErrorType.IntegerMinimum]: outOfRange,
  [ValueErrorType.IntegerMaximum]: outOfRange,
  [ValueErrorType.NumberMinimum]: outOfRange,
  [ValueErrorType.NumberMaximum]: outOfRange,
  [ValueErrorType.StringPattern]: notAsExpected,
  [ValueErrorType.StringFormat]: notAsExpected,
  [ValueErrorType.Union]: notAsExpected,
};

/** What is wrong, after the field's path: `is 140; expected a whole number from 0 to 100`. */
export function inWords(error: ValueError, context: MistakeContext): string {
  const say = SAY[error.type];
  return say ? say(error, context) : `is ${shown(error.value)}; expected ${expectedOf(error.schema)}`;
}
