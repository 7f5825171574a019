/**
 * @module The content every part of the site reads: the profile and /now, checked when
 * the app is built, and the stack, which the routes that show it read. Each file's
 * schema is in `schemas.ts`; here is what a schema cannot say (dates in the calendar,
 * ends after starts, the experience newest first, a time zone the runtime knows, a
 * family name the name holds).
 */
import { ContentError } from "./content-error.ts";
import { type ContentFile, contentFile } from "./content-file.ts";
import { impossibleDate, isBefore, notInCalendar } from "./dates.ts";
import { type ContentFiles, readContentFile } from "./files.ts";
import {
  type Now,
  type NowHistory,
  NowHistorySchema,
  NowSchema,
  type Profile,
  ProfileSchema,
  StackSchema,
} from "./schemas.ts";

export { ContentError } from "./content-error.ts";

/** A date that has the shape of one but is not in the calendar (`2026-02-30`). */
function checkDateExists(file: string, path: string, date: string): void {
  const problem = impossibleDate(date);
  if (problem) throw new ContentError(file, path, problem);
}

/** Career dates: each in the calendar, and no end before its start. */
function checkCareerDates(profile: Profile): void {
  const spans = [
    ...profile.experience.map(({ start, end }, index) => ({ at: `/experience/${index}`, start, end })),
    ...profile.education.map(({ start, end }, index) => ({ at: `/education/${index}`, start, end })),
  ];
  for (const { at, start, end } of spans) {
    checkDateExists(PROFILE.name, `${at}/start`, start);
    if (end === null) continue;
    checkDateExists(PROFILE.name, `${at}/end`, end);
    if (isBefore(end, start)) {
      throw new ContentError(PROFILE.name, `${at}/end`, `is "${end}", before its start "${start}"`);
    }
  }
}

/** A family name is words of the name itself: the rest of the name is the given name. */
function checkFamilyName({ name, familyName }: Profile): void {
  if (familyName === undefined || name.includes(familyName)) return;
  throw new ContentError(
    PROFILE.name,
    "/familyName",
    `is ${JSON.stringify(familyName)}, which the name ${JSON.stringify(name)} does not hold; write it as the name does`,
  );
}

/**
 * The experience, newest first, as the schema documents it and every renderer shows it
 * (the first role is the one a reader sees first, and the role a resume import falls back on).
 */
function checkNewestFirst(profile: Profile): void {
  profile.experience.forEach(({ start }, index) => {
    const before = profile.experience[index - 1];
    if (before && isBefore(before.start, start)) {
      throw new ContentError(
        PROFILE.name,
        `/experience/${index}`,
        `(started ${start}) is newer than /experience/${index - 1} (started ${before.start}): list the newest first`,
      );
    }
  });
}

/** The runtime's spelling of a time zone it knows (`Europe/Athens` for `europe/athens`), else undefined. */
function canonicalTimeZone(timeZone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat("en", { timeZone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A time zone the runtime knows, spelt as the IANA database spells it: ICU accepts any
 * letter case, but the profile, the vCard and `%z` serve it as written. Only a difference
 * in case is refused, since an alias (`Asia/Calcutta`) may resolve to another name.
 */
function checkTimeZone(timeZone: string): void {
  const canonical = canonicalTimeZone(timeZone);
  const mistake =
    canonical === undefined
      ? "not a time zone this runtime knows; expected one like America/Chicago"
      : canonical !== timeZone && canonical.toLowerCase() === timeZone.toLowerCase()
        ? `not the IANA spelling; did you mean ${JSON.stringify(canonical)}?`
        : undefined;
  if (mistake) {
    throw new ContentError(PROFILE.name, "/location/timezone", `is ${JSON.stringify(timeZone)}, ${mistake}`);
  }
}

export const PROFILE: ContentFile<Profile> = contentFile({
  name: "profile.json",
  schema: ProfileSchema,
  check(profile) {
    checkDateExists(PROFILE.name, "/updated", profile.updated);
    checkCareerDates(profile);
    checkNewestFirst(profile);
    checkFamilyName(profile);
    checkTimeZone(profile.location.timezone);
  },
});

export const NOW: ContentFile<Now> = contentFile({
  name: "now.json",
  schema: NowSchema,
  check: (now) => checkDateExists(NOW.name, "/updated", now.updated),
});

/**
 * The history of /now: each update is an instant that exists (in the calendar, at a time a
 * clock shows), later than the one after it, and each id names one update only; the feeds
 * rely on both (their order, and an id a reader keeps). An update is posted once to each
 * service at most.
 */
function checkHistory(history: NowHistory): void {
  const ids = new Map<string, number>();
  history.forEach(({ id, at, posts = [] }, index) => {
    const [hours = 0, minutes = 0, seconds = 0] = at.slice(11, 19).split(":").map(Number);
    const day = notInCalendar(at.slice(0, 10));
    const problem = day
      ? `not in the calendar: ${day}`
      : hours > 23 || minutes > 59 || seconds > 59
        ? "not a time of day"
        : undefined;
    if (problem) throw new ContentError(NOW_HISTORY.name, `/${index}/at`, `is "${at}", ${problem}`);
    const newer = history[index - 1];
    if (newer && newer.at <= at) {
      throw new ContentError(
        NOW_HISTORY.name,
        `/${index}/at`,
        `(${at}) is not older than /${index - 1}/at (${newer.at}): list the newest first`,
      );
    }
    const services = posts.map(({ service }) => service);
    const twice = services.find((service, at) => services.indexOf(service) !== at);
    if (twice) {
      throw new ContentError(
        NOW_HISTORY.name,
        `/${index}/posts`,
        `has two posts on ${twice}; an update is posted once to each`,
      );
    }
    const first = ids.get(id);
    if (first !== undefined) {
      throw new ContentError(
        NOW_HISTORY.name,
        `/${index}/id`,
        `is /${first}/id too; each update has an id of its own`,
      );
    }
    ids.set(id, index);
  });
}

/** Every update of /now, newest first: the feeds list it, `bun run now` adds to it. */
export const NOW_HISTORY: ContentFile<NowHistory> = contentFile({
  name: "now-history.json",
  schema: NowHistorySchema,
  entries: { one: "update", many: "updates" },
  check: checkHistory,
});

/** The site's stack: `/api/stack` answers it, humans.txt lists it. */
export const STACK = contentFile({ name: "stack.json", schema: StackSchema });

/** The content every part of the site reads, checked. */
export interface Content {
  readonly profile: Profile;
  readonly now: Now;
}

/** The profile and /now of `files`, checked, in that order; throws a `ContentError` naming the first mistake. */
export function readContent(files: ContentFiles, siteUrl: string): Content {
  return Object.freeze({
    profile: readContentFile(files, PROFILE, siteUrl),
    now: readContentFile(files, NOW, siteUrl),
  });
}
