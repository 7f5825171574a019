/**
 * @module A Mastodon status's HTML as plain text: its paragraphs and line breaks as
 * spaces, every tag dropped, and the character references its sanitiser writes decoded.
 * What comes out is a stranger's text, still to be made fit to show (`reply.ts`): a
 * `&lt;script&gt;` is `<script>` again here, and is escaped wherever it is shown.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** A character reference's text; an unknown name, or a code point that is none, left as it was written. */
function decoded(reference: string, body: string): string {
  if (body.startsWith("#")) {
    const codePoint =
      body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff
      ? String.fromCodePoint(codePoint)
      : reference;
  }
  return NAMED[body] ?? reference;
}

export function htmlText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p>\s*<p[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,6});/g, (reference, body: string) =>
      decoded(reference, body),
    );
}
