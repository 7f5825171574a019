/**
 * @module /now in Markdown: what `/api/now` says, in the owner's words, with the latest
 * activity at each live source and what the owner listens to, as last read
 * (`Accept: text/markdown`, `/api/now.md`).
 */
import type { NowStatus } from "../profile/model/now-status.ts";
import {
  emphasis,
  heading,
  link,
  list,
  markdownDocument,
  section,
  escapeMarkdown as text,
} from "./markdown.ts";

/** Where the site serves this Markdown (`routes/api/now.md.ts`). */
export const NOW_MARKDOWN_PATH = "/api/now.md";

/** What was read of a live source: the link, and when it happened and was read. */
const read = (what: { text: string; url: string; source: string; happenedAt: string; readAt: string }) =>
  `${link(what.text, what.url)} (${text(what.source)}, ${what.happenedAt}; read ${what.readAt})`;

/** /now as a Markdown document, headed with whose it is. */
export function nowMarkdown(name: string, now: NowStatus): string {
  return markdownDocument([
    heading(1, `Now: ${name}`),
    `Status: ${text(now.status)}`,
    `Updated ${now.updated}; time zone ${text(now.timezone)}.`,
    ...section(2, "Building", [list(now.building.map(text))]),
    ...section(2, "Learning", [list(now.learning.map(text))]),
    ...section(2, "Reading", [
      list(now.reading.map(({ title, author }) => `${emphasis(text(title))} by ${text(author)}`)),
    ]),
    ...section(2, "Not doing", [list(now.notDoing.map(text))]),
    ...section(2, "Lately", [list((now.activity ?? []).map(read))]),
    ...section(2, "Listening", [
      now.listening
        ? list([`${read(now.listening)}${now.listening.playing ? ", playing as of the read" : ""}`])
        : "",
    ]),
  ]);
}
