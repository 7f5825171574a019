/**
 * @module Text put in an XML document (the sitemap, the Atom feed): the five characters
 * XML gives meaning to escaped, and the characters XML 1.0 forbids even escaped (most C0
 * controls, lone surrogates, U+FFFE and U+FFFF) replaced by U+FFFD, so that what the
 * content holds can never make a document a parser refuses. Every control character is
 * replaced, the few XML allows too: what these documents carry is one line of text.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** What no XML 1.0 document may hold (its `Char` production), and the rest of the controls. */
const NOT_XML = /[\p{Cc}\p{Cs}\ufffe\uffff]/gu;

/** `text`, safe in element content and in a quoted attribute value. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, "\ufffd").replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
