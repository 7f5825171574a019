/**
 * @module Markdown (CommonMark, as RFC 7763's `text/markdown` names it) written from the
 * owner's words: text escaped so that it reads as written and never as markup, links, and
 * the blocks a document is made of. A document is its blocks, a blank line between each,
 * ending in a newline.
 *
 * @example
 * markdownDocument([heading(1, profile.name), paragraph(profile.bio), list(links.map(...))]);
 */

/** The characters that would start markup inside a line: escaped wherever they are. */
const INLINE_MARKUP = /[\\`*_[\]<>|~]/g;
/** What reads as a character reference (`&copy;`, `&#169;`) rather than an ampersand. */
const CHARACTER_REFERENCE = /&(?=#?[A-Za-z0-9]+;)/g;
/** What would start a block at the start of a line: a heading, a quote, a list, a rule. */
const BLOCK_START = /^(\s*)([#>+=-])/;
const ORDERED_LIST_START = /^(\s*\d+)([.)])/;

/**
 * `text` as Markdown that shows it as written: one paragraph's words on one line (line
 * breaks read as spaces), every character that would be markup escaped with a backslash.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(INLINE_MARKUP, "\\$&")
    .replace(CHARACTER_REFERENCE, "\\&")
    .replace(BLOCK_START, "$1\\$2")
    .replace(ORDERED_LIST_START, "$1\\$2");
}

/** A link's destination: as it is, or between `<` `>` when it has a space or a parenthesis. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[\s<>]/g, encodeURIComponent)}>` : url;
}

/** A link whose text is `text` (escaped here). */
export function link(text: string, url: string): string {
  return `[${escapeMarkdown(text)}](${destination(url)})`;
}

/** A URL shown as itself: `<https://…>`, or a link to itself when it could not be one. */
export function autolink(url: string): string {
  return /[\s<>]/.test(url) ? link(url, url) : `<${url}>`;
}

/**
 * A heading of `level` (1 to 3): ATX, as `# Name`. A run of `#` at its end, after a space,
 * would close it and vanish: its first is escaped.
 */
export function heading(level: 1 | 2 | 3, text: string): string {
  return `${"#".repeat(level)} ${escapeMarkdown(text).replace(/(\s)(#+)$/, "$1\\$2")}`;
}

/** A paragraph of the owner's text: blank lines in it start new paragraphs. */
export function paragraph(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map(escapeMarkdown)
    .filter((part) => part !== "")
    .join("\n\n");
}

/** A paragraph written here, whose parts (links, escaped text) are Markdown already. */
export const line = (...parts: readonly string[]): string => parts.filter((part) => part !== "").join(" ");

/** A block quote of one paragraph of the owner's text. */
export const quote = (text: string): string => `> ${escapeMarkdown(text)}`;

/** A bulleted list; each item Markdown already (escape the owner's text with `escapeMarkdown`). */
export const list = (items: readonly string[]): string => items.map((item) => `- ${item}`).join("\n");

/** Italics around Markdown already escaped. */
export const emphasis = (markdown: string): string => `*${markdown}*`;

/** A section: its heading, then its blocks; nothing at all when it has no blocks. */
export function section(level: 2 | 3, title: string, blocks: readonly string[]): string[] {
  const shown = blocks.filter((block) => block !== "");
  return shown.length === 0 ? [] : [heading(level, title), ...shown];
}

/** The document: its blocks, a blank line between each, ending in a newline. */
export function markdownDocument(blocks: readonly string[]): string {
  return `${blocks.filter((block) => block !== "").join("\n\n")}\n`;
}
