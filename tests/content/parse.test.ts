/**
 * A content file that is not JSON: one line with the file, the line and column, and what
 * is wrong in words, whichever runtime's `JSON.parse` said nothing of where.
 */
import { describe, expect, test } from "bun:test";
import { ContentError } from "../../lib/content/content-error.ts";
import { parseContentFile } from "../../lib/content/parse.ts";

function lineFor(text: string): string {
  try {
    parseContentFile("now.json", text);
    return "valid";
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return error.message;
  }
}

const SYNTAX: [string, string, string][] = [
  [
    "a missing comma between fields",
    '{\n  "status": "Counting"\n  "updated": "2026-03-14"\n}\n',
    'content/now.json:3:3: expected "," or "}" after a value',
  ],
  [
    "a missing comma in a list",
    '{"building": ["a" "b"]}',
    'content/now.json:1:19: expected "," or "]" after a value',
  ],
  [
    "a trailing comma in an object",
    '{\n  "status": "Counting",\n}\n',
    'content/now.json:3:1: a comma before "}": JSON allows none after the last entry',
  ],
  [
    "a trailing comma in a list",
    '{"building": ["a",]}',
    'content/now.json:1:19: a comma before "]": JSON allows none after the last entry',
  ],
  [
    "single quotes",
    "{'status': 'x'}",
    "content/now.json:1:2: JSON puts text and field names in double quotes, not single ones",
  ],
  [
    "a field name without quotes",
    '{status: "x"}',
    "content/now.json:1:2: status needs double quotes: the only words JSON writes bare are true, false and null",
  ],
  ["a comment", '{\n  // what I do\n  "status": "x"\n}', "content/now.json:2:3: JSON allows no comments"],
  ["a missing colon", '{"status" "x"}', 'content/now.json:1:11: expected ":" after the field name'],
  [
    "a missing value",
    '{"status": }',
    'content/now.json:1:12: expected a value: text in double quotes, a number, true, false, null, "{" or "["',
  ],
  [
    "an object left open",
    '{\n  "status": "x"\n',
    'content/now.json:3:1: the object that opens on line 1 is not closed: expected "," or "}"',
  ],
  [
    "a list left open",
    '{\n  "building": [\n    "a"\n}',
    'content/now.json:4:1: expected "," or "]" after a value',
  ],
  ["text left open", '{"status": "x}', "content/now.json:1:12: this text is not closed with a double quote"],
  [
    "a line break inside text",
    '{"status": "two\nlines"}',
    "content/now.json:1:12: this text runs to the end of the line: close it with a double quote, or write a line break as \\n",
  ],
  [
    "a tab inside text",
    '{"status": "two\tcolumns"}',
    "content/now.json:1:12: this text holds a tab: write it as \\t",
  ],
  [
    "a NUL character inside text: named by its code point, not called a tab",
    '{"status": "nul\u0000here"}',
    "content/now.json:1:12: this text holds the control character U+0000: delete it, or write it as \\u0000",
  ],
  [
    "an escape character (as a coloured paste leaves) before a tab: the first one is named",
    '{"status": "\u001b[1mbold\tx"}',
    "content/now.json:1:12: this text holds the control character U+001B: delete it, or write it as \\u001B",
  ],
  [
    "an unknown escape",
    '{"status": "C:\\dir"}',
    "content/now.json:1:12: this text holds an escape JSON does not know: write \\\\ for a backslash",
  ],
  [
    "something after the value",
    '{"status": "x"}\n}',
    'content/now.json:2:1: unexpected "}" after the end of the JSON value',
  ],
  [
    "a byte order mark",
    '\uFEFF{"status": "x"}',
    "content/now.json:1:1: the file starts with a byte order mark; save it as UTF-8 without one",
  ],
  ["an empty file", "", "content/now.json:1:1: the file is empty; expected JSON"],
];

describe("JSON syntax errors, one line each with the line and column", () => {
  test.each(SYNTAX)("%s", (_what, text, line) => {
    expect(lineFor(text)).toBe(line);
  });

  test("valid text gives what JSON.parse gives", () => {
    const text = '{"a": [1, 2.5e3, "x\\u00e9"], "b": {"c": null, "d": true}}';
    expect(parseContentFile("now.json", text)).toEqual(JSON.parse(text));
  });
});

test("a mistake moved to another folder keeps its file, place and problem, and names that folder", () => {
  const syntax = new ContentError("now.json", { line: 3, column: 3 }, 'expected "," or "}" after a value');
  const field = new ContentError("profile.json", "/handle", 'is "Ada"; expected lower-case letters');
  expect([syntax.inFolder("owners/ada").message, field.inFolder("owners/ada").message]).toEqual([
    'owners/ada/now.json:3:3: expected "," or "}" after a value',
    'owners/ada/profile.json: /handle is "Ada"; expected lower-case letters',
  ]);
  expect(field.inFolder("owners/ada")).toMatchObject({
    file: "profile.json",
    where: "/handle",
    folder: "owners/ada",
  });
});
