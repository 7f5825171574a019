/**
 * @module Codes for the English names the content uses: a country's ISO 3166-1 alpha-2
 * code (`Portugal` → `PT`) and a language's ISO 639-1 tag (`Japanese` → `ja`). Standard
 * formats want codes; the content is written for people. The runtime's own ICU data
 * (`Intl.DisplayNames`), read backwards, is the table: no list of our own to keep.
 */
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** `aa` to `zz`. */
const TWO_LETTER_CODES = [...LETTERS].flatMap((first) => [...LETTERS].map((second) => first + second));

/** Every two-letter code the runtime has an English name for, by that name in lower case. */
function codesByName(type: "region" | "language", spell: (code: string) => string): Map<string, string> {
  const names = new Intl.DisplayNames(["en"], { type, fallback: "none" });
  const byName = new Map<string, string>();
  for (const code of TWO_LETTER_CODES.map(spell)) {
    const name = names.of(code);
    if (name && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), code);
  }
  return byName;
}

const COUNTRIES = codesByName("region", (code) => code.toUpperCase());
const LANGUAGES = codesByName("language", (code) => code);

/** `Portugal` → `PT`; undefined for a name the runtime does not know. */
export function countryCode(name: string): string | undefined {
  return COUNTRIES.get(name.trim().toLowerCase());
}

/** `PT` → `Portugal`; undefined for a code the runtime does not know. */
export function countryName(code: string): string | undefined {
  // Anything but two letters would make DisplayNames throw.
  if (!/^[A-Za-z]{2}$/.test(code)) return undefined;
  return new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of(code.toUpperCase());
}

/** `Japanese` → `ja`; undefined for a name the runtime does not know. */
export function languageTag(name: string): string | undefined {
  return LANGUAGES.get(name.trim().toLowerCase());
}
