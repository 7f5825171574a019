/**
 * The characters that make a line read other than it is written: the pattern the content's
 * one-line fields carry refuses exactly the characters `onOneLine` replaces.
 */
import { expect, test } from "bun:test";
import { ONE_LINE_PATTERN, onOneLine } from "../../lib/utils/one-line-text.ts";

test("the schemas' pattern and onOneLine agree on every character of the Basic Multilingual Plane", () => {
  const pattern = new RegExp(ONE_LINE_PATTERN);
  const disagree: string[] = [];
  for (let code = 0; code <= 0xffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCharCode(code);
    if (pattern.test(char) !== (onOneLine(char) === char)) disagree.push(code.toString(16));
  }
  expect(disagree).toEqual([]);
});

test("joiners, combining marks and text of any script are one line", () => {
  const pattern = new RegExp(ONE_LINE_PATTERN);
  for (const text of ["林 凛", "अनुराधा", "👩‍💻", "e\u0301", "عربي"]) expect(pattern.test(text)).toBe(true);
});
