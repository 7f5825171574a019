/**
 * @module HTML escaping: an `html` tagged template that escapes every interpolated
 * value unless it is already `SafeHtml`, so content can only reach the page as text.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for an element's content or a quoted attribute value.
 * @example escapeHtml(`<b class="x">`) // "&lt;b class=&quot;x&quot;&gt;"
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** Markup that is already safe: built by `html`, never from content directly. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What may be interpolated: text (escaped), safe markup, lists of either, or nothing. */
export type HtmlValue = string | number | SafeHtml | readonly HtmlValue[] | false | null | undefined;

function toHtml(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join("");
  if (value === false || value === null || value === undefined) return "";
  return escapeHtml(String(value));
}

/**
 * Builds markup; every `${value}` is escaped unless it is `SafeHtml`.
 * @example html`<p title="${title}">${body}</p>`
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += toHtml(value) + (strings[i + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Schemes a content link may use; anything else (`javascript:`, `data:`) is not linked. */
const LINK_SCHEMES = ["https:", "http:", "mailto:"];

/** The URL when it is safe to put in an `href`, otherwise `undefined`. */
export function safeHref(url: string): string | undefined {
  try {
    return LINK_SCHEMES.includes(new URL(url).protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}
