/**
 * @module What `bun run now` does to /now, as data: the sections a command names, a change
 * applied to content/now.json, and the update it adds to the top of its history, worded
 * for the feeds (`Building: a drift monitor`). Nothing here reads or writes a file.
 */
import type { Now, NowHistory } from "../lib/content/schemas.ts";

/** An entry of a list of /now: text, or a book. */
type Entry = Now["building"][number] | Now["reading"][number];

/** The lists of /now by the name a command gives them, and how an update words a change to each. */
export const SECTIONS = {
  building: { field: "building", added: "Building", removed: "No longer building" },
  learning: { field: "learning", added: "Learning", removed: "No longer learning" },
  reading: { field: "reading", added: "Reading", removed: "No longer reading" },
  "not-doing": { field: "notDoing", added: "Not doing", removed: "No longer ruling out" },
} as const satisfies Record<string, { field: keyof Now; added: string; removed: string }>;

export type SectionName = keyof typeof SECTIONS;
export const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[];

export type Change =
  | { readonly kind: "status"; readonly text: string }
  | { readonly kind: "add"; readonly section: SectionName; readonly text: string }
  | { readonly kind: "remove"; readonly section: SectionName; readonly number: number };

/** A change that cannot be made, said in one line. */
export class Refused extends Error {}

/** The section a command names: its own name, or the field's name in now.json (`notDoing`). */
export function sectionNamed(name: string): SectionName | undefined {
  return SECTION_NAMES.find((section) => section === name || SECTIONS[section].field === name);
}

/** An entry as `show` and the history write it: a book is `TITLE by AUTHOR`. */
export function entryText(entry: Entry): string {
  return typeof entry === "string" ? entry : `${entry.title} by ${entry.author}`;
}

/** A book from `TITLE by AUTHOR`, split at the last ` by `: a title may hold one (`Stand by Me by …`). */
function book(text: string): Entry {
  const at = text.lastIndexOf(" by ");
  if (at <= 0) {
    throw new Refused(`a book is "TITLE by AUTHOR", like "Statistical Rethinking by Richard McElreath"`);
  }
  return { title: text.slice(0, at).trim(), author: text.slice(at + 4).trim() };
}

/** /now after `change`, and what the update says; `Refused` for an entry that is not there, or there twice. */
export function applied(now: Now, change: Change): { readonly now: Now; readonly text: string } {
  if (change.kind === "status")
    return { now: { ...now, status: change.text }, text: `Status: ${change.text}` };
  const { field, added, removed } = SECTIONS[change.section];
  const entries: readonly Entry[] = now[field];
  if (change.kind === "add") {
    const entry = field === "reading" ? book(change.text) : change.text;
    const shown = entryText(entry);
    const already = entries.findIndex((other) => entryText(other) === shown);
    if (already !== -1) throw new Refused(`${change.section} ${already + 1} is "${shown}" already`);
    return { now: { ...now, [field]: [...entries, entry] }, text: `${added}: ${shown}` };
  }
  const entry = entries[change.number - 1];
  if (entry === undefined) {
    const has = entries.length === 0 ? "has no entries" : `has entries 1 to ${entries.length}`;
    throw new Refused(`${change.section} ${has}: there is no ${change.number}`);
  }
  return {
    now: { ...now, [field]: entries.filter((_, index) => index !== change.number - 1) },
    text: `${removed}: ${entryText(entry)}`,
  };
}

/**
 * The history with an update on top, made at `at` or, when the newest is not older, a
 * second after it: the history lists the newest first, and two quick changes keep their order.
 */
export function recorded(history: NowHistory, text: string, at: Date, id: string): NowHistory {
  const newest = history[0] ? Date.parse(history[0].at) : Number.NEGATIVE_INFINITY;
  const when = new Date(Math.max(Math.floor(at.getTime() / 1000) * 1000, newest + 1000));
  return [{ id, at: when.toISOString().replace(".000Z", "Z"), text }, ...history];
}

/** `YYYY-MM-DD`: the day `at` is in `timeZone`, as the owner's calendar has it. */
export function dayIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
