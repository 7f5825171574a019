/**
 * @module A content file's text read as JSON. A syntax error becomes one line with the
 * file, the line and column, and what is wrong in words: JavaScriptCore's `JSON.parse`
 * names no position, so VS Code's own parser (`jsonc-parser`, with comments and trailing
 * commas disallowed) finds it. `JSON.parse` still decides what is valid and builds the
 * value; the other parser only reads a file that failed.
 */
import { printParseErrorCode, visit } from "jsonc-parser";
import { codePointName } from "../utils/one-line-text.ts";
import { ContentError } from "./content-error.ts";

/** Where the first syntax error is, and what surrounds it. */
interface Found {
  /** The text at the error, e.g. `"b"`, `tru`, `}`; empty at the end of the file. */
  readonly token: string;
  /** The innermost object or list the error is in, and the line it opens on. */
  readonly inside: { readonly kind: "object" | "list"; readonly line: number } | undefined;
  /** The character before the error, spaces skipped: a `,` there is a trailing comma. */
  readonly before: string;
  /** The text at the error ends where its line does. */
  readonly atLineEnd: boolean;
  readonly offset: number;
}

const CLOSER = { object: "}", list: "]" } as const;

const bareWord = /^[A-Za-z_$][\w$]*$/;

function unexpected({ token, inside, offset }: Found): string {
  if (offset === 0 && token.startsWith("\uFEFF"))
    return "the file starts with a byte order mark; save it as UTF-8 without one";
  if (token.startsWith("'")) return "JSON puts text and field names in double quotes, not single ones";
  if (inside === undefined && offset > 0)
    return `unexpected ${JSON.stringify(token)} after the end of the JSON value`;
  if (bareWord.test(token))
    return `${token} needs double quotes: the only words JSON writes bare are true, false and null`;
  return `unexpected ${JSON.stringify(token)}`;
}

const trailingComma = ({ before, token }: Found) =>
  before === "," && (token === "}" || token === "]")
    ? `a comma before "${token}": JSON allows none after the last entry`
    : undefined;

const notClosed = ({ inside }: Found) =>
  inside
    ? `the ${inside.kind} that opens on line ${inside.line} is not closed: expected "," or "${CLOSER[inside.kind]}"`
    : "the file ends too soon";

/**
 * The first character of a text that JSON only takes escaped: a tab, or another control
 * character, named by its code point since most have no glyph (a line break ends the
 * text instead, and is said so).
 */
function controlCharacter({ token }: Found): string {
  const held = [...token].find((character) => character < " ");
  if (held === undefined || held === "\t") return "this text holds a tab: write it as \\t";
  const name = codePointName(held);
  return `this text holds the control character ${name}: delete it, or write it as \\u${name.slice(2)}`;
}

/** One sentence per error `jsonc-parser` reports, by the name `printParseErrorCode` gives it. */
const WORDS: Record<string, (found: Found) => string> = {
  CommaExpected: ({ inside }) => `expected "," or "${CLOSER[inside?.kind ?? "object"]}" after a value`,
  CloseBraceExpected: notClosed,
  CloseBracketExpected: notClosed,
  ColonExpected: () => 'expected ":" after the field name',
  PropertyNameExpected: (found) =>
    trailingComma(found) ??
    (found.token === "" ? notClosed(found) : "expected a field name in double quotes"),
  ValueExpected: (found) =>
    trailingComma(found) ??
    (found.token === "" && found.before === ""
      ? "the file is empty; expected JSON"
      : found.token === ""
        ? notClosed(found)
        : bareWord.test(found.token) || found.token.startsWith("'")
          ? unexpected(found)
          : 'expected a value: text in double quotes, a number, true, false, null, "{" or "["'),
  InvalidSymbol: unexpected,
  EndOfFileExpected: unexpected,
  InvalidCommentToken: () => "JSON allows no comments",
  UnexpectedEndOfComment: () => "JSON allows no comments",
  UnexpectedEndOfString: ({ atLineEnd }) =>
    atLineEnd
      ? "this text runs to the end of the line: close it with a double quote, or write a line break as \\n"
      : "this text is not closed with a double quote",
  InvalidCharacter: controlCharacter,
  InvalidEscapeCharacter: () => "this text holds an escape JSON does not know: write \\\\ for a backslash",
  InvalidUnicode: () => "\\u must be followed by four hexadecimal digits",
  InvalidNumberFormat: ({ token }) => `${token} is not a number JSON can read, like 42, -1.5 or 2e3`,
  UnexpectedEndOfNumber: ({ token }) => `${token} is not a number JSON can read, like 42, -1.5 or 2e3`,
};

/** The first syntax error in `text`, said in words; undefined if the other parser finds none. */
function syntaxError(file: string, text: string): ContentError | undefined {
  type Container = NonNullable<Found["inside"]>;
  const open: Container[] = [];
  // The parser ends an object or a list the file leaves open before it reports the missing "}" or "]".
  let lastEnded: Container | undefined;
  const end = () => {
    lastEnded = open.pop();
  };
  let error: ContentError | undefined;
  visit(
    text,
    {
      onObjectBegin: (_offset, _length, line) => void open.push({ kind: "object", line: line + 1 }),
      onObjectEnd: end,
      onArrayBegin: (_offset, _length, line) => void open.push({ kind: "list", line: line + 1 }),
      onArrayEnd: end,
      onError(code, offset, length, line, character) {
        if (error) return;
        const name = printParseErrorCode(code);
        const found: Found = {
          token: text.slice(offset, offset + Math.max(length, 1)).replace(/[ \t\r\n]+$/, ""),
          inside: name === "CloseBraceExpected" || name === "CloseBracketExpected" ? lastEnded : open.at(-1),
          before: text.slice(0, offset).trimEnd().at(-1) ?? "",
          atLineEnd: /^\r?\n/.test(text.slice(offset + length)),
          offset,
        };
        const say = WORDS[name];
        const problem = say ? say(found) : "is not valid JSON here";
        error = new ContentError(file, { line: line + 1, column: character + 1 }, problem);
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return error;
}

/**
 * The JSON value of a content file's text, or a `ContentError`:
 * `content/now.json:7:3: expected "," or "}" after a value`. `file` is its name in the
 * content folder.
 */
export function parseContentFile(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw (
      syntaxError(file, text) ?? new ContentError(file, "", `is not valid JSON (${(error as Error).message})`)
    );
  }
}
