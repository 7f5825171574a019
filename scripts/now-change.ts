/**
 * @module What `bun run now` does to /now, as data: the sections a command names, a change
 * applied to content/now.json, the update it adds to the top of its history, worded for
 * the feeds (`Building: a drift monitor`), and the second it is stamped with. Nothing here
 * reads or writes a file.
 */
import type { Now, NowHistory } from "../lib/content/schemas.ts";
import { PLACEHOLDER } from "./new-owner.ts";

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

/** A starter's entry, `Replace me: …`: there to be replaced, never news. */
const isPlaceholder = (entry: Entry) => entryText(entry).startsWith(PLACEHOLDER);

/** /now after a change, and the update that says it; none when only a placeholder went. */
export interface Applied {
  readonly now: Now;
  readonly text: string | undefined;
  /** What else the change did, or what it was when it is no update: `(in place of the placeholder)`. */
  readonly note?: string;
}

/**
 * /now after `change`, and what the update says; `Refused` for an entry that is not there,
 * or there twice. A placeholder is no news: an entry added to a section that holds one takes
 * its place, and removing one is no update.
 */
export function applied(now: Now, change: Change): Applied {
  if (change.kind === "status")
    return { now: { ...now, status: change.text }, text: `Status: ${change.text}` };
  const { field, added, removed } = SECTIONS[change.section];
  const entries: readonly Entry[] = now[field];
  if (change.kind === "add") {
    const entry = field === "reading" ? book(change.text) : change.text;
    const shown = entryText(entry);
    const already = entries.findIndex((other) => entryText(other) === shown);
    if (already !== -1) throw new Refused(`${change.section} ${already + 1} is "${shown}" already`);
    const kept = entries.filter((other) => !isPlaceholder(other));
    return {
      now: { ...now, [field]: [...kept, entry] },
      text: `${added}: ${shown}`,
      ...(kept.length < entries.length ? { note: "(in place of the placeholder)" } : {}),
    };
  }
  const entry = entries[change.number - 1];
  if (entry === undefined) {
    const has = entries.length === 0 ? "has no entries" : `has entries 1 to ${entries.length}`;
    throw new Refused(`${change.section} ${has}: there is no ${change.number}`);
  }
  const rest = entries.filter((_, index) => index !== change.number - 1);
  if (isPlaceholder(entry)) {
    const note = `the placeholder of ${change.section} removed, which is no update for the feeds`;
    return { now: { ...now, [field]: rest }, text: undefined, note };
  }
  return { now: { ...now, [field]: rest }, text: `${removed}: ${entryText(entry)}` };
}

/** The computer's clock, and a wait on it: the process's own, or a test's. */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  sleep(ms: number): void;
}

/** An instant as the history writes it: UTC, to the second. */
const instant = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");

/**
 * When an update after `newest` (the history's newest, if any) is made: now, to the second,
 * and later than `newest`, since the history lists the newest first. A change within the
 * second of the newest waits for the next second rather than be stamped ahead of the clock;
 * a newest update further ahead (a clock set back, an update written by hand) is refused,
 * not waited for.
 */
export function stampAfter(newest: string | undefined, clock: Clock): string {
  const earliest = newest === undefined ? Number.NEGATIVE_INFINITY : Date.parse(newest) + 1000;
  const ahead = earliest - clock.now();
  if (ahead > 1000) {
    throw new Refused(
      `the newest update is at ${newest}, ahead of this computer's clock (${instant(clock.now())}): check the clock, or that update's time`,
    );
  }
  if (ahead > 0) clock.sleep(ahead);
  return instant(clock.now());
}

/** The history with the update made `at` (from `stampAfter`) on top. */
export function recorded(history: NowHistory, text: string, at: string, id: string): NowHistory {
  return [{ id, at, text }, ...history];
}
