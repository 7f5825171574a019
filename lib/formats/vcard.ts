/**
 * @module The owner as a vCard 4.0 (RFC 6350), for address books: name, role, current
 * organisation, email, city, time zone and links. Written out by hand to the letter of
 * the RFC (CRLF line ends, lines folded at 75 octets, escaped text); ical.js, a parser we
 * did not write, reads it back in the tests.
 */
import { nameParts } from "../content/name-parts.ts";
import type { Profile } from "../content/schemas.ts";
import { qualityList } from "../http/q-values.ts";

/** The name a browser or `curl -OJ` saves the card under. */
export const vcardFileName = (profile: Profile): string => `${profile.handle}.vcf`;

/**
 * RFC 6350 §3.4: backslash, comma and newline are escaped in text values. A semicolon is
 * escaped only in a field of a compound value (N, ADR, ORG), where it would separate
 * fields: the RFC allows escaping it elsewhere, but some readers then keep the backslash.
 */
export function escapeText(value: string): string {
  return value.replace(/[\\,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, "\\n");
}

/** A field of a compound value: escaped text, its semicolons too. */
const escapeField = (value: string): string => escapeText(value).replaceAll(";", "\\;");

const encoder = new TextEncoder();
const octets = (text: string) => encoder.encode(text).length;

/**
 * RFC 6350 §3.2: a line longer than 75 octets is folded, each further piece on a line of
 * its own that begins with a space. A character is never split across lines.
 */
export function fold(line: string): string {
  const pieces: string[] = [];
  let piece = "";
  let used = 0;
  for (const char of line) {
    const size = octets(char);
    // The first line holds 75 octets; the rest 74, after their leading space.
    if (used + size > (pieces.length === 0 ? 75 : 74)) {
      pieces.push(piece);
      piece = "";
      used = 0;
    }
    piece += char;
    used += size;
  }
  pieces.push(piece);
  return pieces.join("\r\n ");
}

/**
 * N: family name, given name (`nameParts`), and three empty fields. Address books sort
 * by it; the displayed name (FN) is always the content's own.
 */
function structuredName(profile: Profile): string {
  const { family, given } = nameParts(profile);
  return [family, given, "", "", ""].map(escapeField).join(";");
}

/** `2026-11-20` → `20261120T000000Z`, a vCard timestamp. */
const timestamp = (date: string) => `${date.replaceAll("-", "")}T000000Z`;

/**
 * The card, each line folded, CRLF after every line (the last included); `source` is where
 * it is served, the card's `SOURCE` (RFC 6350 §6.1.3).
 */
export function renderVcard(profile: Profile, source: string): string {
  const organisation = profile.experience.find(({ end }) => end === null)?.organisation;
  const urls = profile.links.map(({ url }) => url).filter((url) => /^https?:\/\//.test(url));
  const lines = [
    "BEGIN:VCARD",
    "VERSION:4.0",
    `FN:${escapeText(profile.name)}`,
    `N:${structuredName(profile)}`,
    `TITLE:${escapeText(profile.role)}`,
    ...(organisation ? [`ORG:${escapeField(organisation)}`] : []),
    ...(profile.email ? [`EMAIL:${profile.email}`] : []),
    `ADR:;;;${escapeField(profile.location.city)};;;${escapeField(profile.location.country)}`,
    `TZ:${profile.location.timezone}`,
    ...urls.map((url) => `URL:${url}`),
    `SOURCE:${source}`,
    `REV:${timestamp(profile.updated)}`,
    "END:VCARD",
  ];
  return lines.map((line) => `${fold(line)}\r\n`).join("");
}

/**
 * Whether an `Accept` header asks for a vCard by name, with a weight above 0: how a
 * terminal asks for the file. `text/x-vcard` is its older name.
 */
export function asksForVcard(accept: string | null): boolean {
  if (accept === null) return false;
  return qualityList(accept).some(
    ({ value, q }) => (value === "text/vcard" || value === "text/x-vcard") && q > 0,
  );
}
