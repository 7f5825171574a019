/**
 * @module A new owner's first content, for `bun run init`: what they answered, and for
 * everything else short placeholders that say so, for them to replace by hand.
 */
import { dayIn } from "../lib/content/dates.ts";
import type { Now, Profile } from "../lib/content/schemas.ts";
import { countryCode } from "../lib/formats/iso-codes.ts";

/** Every placeholder starts with it, so what is left to replace can be found. */
export const PLACEHOLDER = "Replace me";

export interface Link {
  readonly label: string;
  readonly url: string;
}

/** What `bun run init` asks for. */
export interface Answers {
  readonly name: string;
  readonly handle: string;
  readonly role: string;
  readonly city: string;
  readonly country: string;
  readonly timezone: string;
  readonly email: string | undefined;
  readonly links: readonly Link[];
  /** `@name@server`: WebFinger, `rel="me"` and `fediverse:creator` follow from it. */
  readonly fediverse: string | undefined;
  /** The Bluesky DID that `/.well-known/atproto-did` answers, for a handle that is the site's domain. */
  readonly blueskyDid: string | undefined;
}

/** `Ada Lovelace` → `ada-lovelace`; undefined when no letter or digit is left (`Ελένη`). */
export function handleFrom(name: string): string | undefined {
  const handle = name
    .normalize("NFKD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 32)
    .replace(/^-+|-+$/g, "");
  return handle || undefined;
}

/**
 * Why no handle is offered for a name that makes none (`no handle can be made from "Ελένη"
 * (handles are a-z, 0-9 and -)`); undefined when there is no name yet, or one can be made.
 */
export function whyNoHandle(name: string | undefined): string | undefined {
  if (!name || handleFrom(name)) return undefined;
  return `no handle can be made from ${JSON.stringify(name)} (handles are a-z, 0-9 and -)`;
}

/**
 * `YYYY-MM-DD`: the owner's day at `at`, in their time zone, which every date the commands
 * write is. A zone the runtime does not know (a profile edited by hand) gives UTC's day:
 * the check of the profile then refuses the zone in its own words.
 */
export function ownerToday(at: Date, timezone: string): string {
  try {
    return dayIn(at, timezone);
  } catch {
    return dayIn(at, "UTC");
  }
}

/** This system's time zone, e.g. `America/Chicago`. */
export function systemTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** A value made from other answers, and where it comes from: `made from the name`. */
export interface Made {
  readonly value: string;
  readonly from: string;
}

/** `São Paulo` → `sao_paulo`: a city written as the last part of a zone's name is, to compare. */
const asZonePart = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{Mn}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "_");

/** A zone as the runtime's list spells it, when that list names it by another region (`America/Argentina/Buenos_Aires`). */
function spelt(zone: string): string {
  const known = Intl.supportedValuesOf("timeZone");
  const sameCity = known.filter((other) => other.split("/").at(-1) === zone.split("/").at(-1));
  return known.includes(zone) || sameCity.length !== 1 ? zone : (sameCity[0] as string);
}

/**
 * The time zone of a place, when the runtime's own data can tell it: the country's only
 * zone, else the one of its zones named after the city (`Zagreb` → `Europe/Zagreb`, `New
 * York` → `America/New_York`); for a country it does not know, the one zone anywhere named
 * after the city. Undefined when none or several fit.
 */
export function zoneOf(city: string | undefined, country: string | undefined): Made | undefined {
  const code = country ? countryCode(country) : undefined;
  const locale = code
    ? (new Intl.Locale(`und-${code}`) as Intl.Locale & { getTimeZones?(): string[] })
    : undefined;
  const inCountry = locale?.getTimeZones?.();
  if (inCountry?.length === 1)
    return { value: spelt(inCountry[0] as string), from: "the country's only one" };
  if (!city) return undefined;
  const named = (inCountry ?? Intl.supportedValuesOf("timeZone")).filter(
    (zone) => asZonePart(zone.split("/").at(-1) as string) === asZonePart(city),
  );
  return named.length === 1 ? { value: spelt(named[0] as string), from: "named after the city" } : undefined;
}

/**
 * What a question offers when nothing answered it yet, and where that comes from: a handle
 * made from the name; the place's time zone, else this system's.
 */
export function suggestion(key: keyof Answers, answers: Partial<Answers>): Made | undefined {
  const handle = answers.name ? handleFrom(answers.name) : undefined;
  const timezone = systemTimeZone();
  if (key === "handle" && handle) return { value: handle, from: "made from the name" };
  if (key !== "timezone") return undefined;
  return (
    zoneOf(answers.city, answers.country) ??
    (timezone ? { value: timezone, from: "this system's" } : undefined)
  );
}

/** The answers a profile cannot go without, besides a link or an e-mail address to make one from. */
export const REQUIRED_ANSWERS: readonly (keyof Answers)[] = [
  "name",
  "handle",
  "role",
  "city",
  "country",
  "timezone",
];

/**
 * The answers a profile cannot go without that are not given, in the order they are asked:
 * `links` when there is neither a link nor an e-mail address to make one from.
 */
export function missingAnswers(answers: Partial<Answers>): (keyof Answers)[] {
  const missing: (keyof Answers)[] = REQUIRED_ANSWERS.filter((key) => !answers[key]);
  if (!answers.links?.length && !answers.email) missing.push("links");
  return missing;
}

/** The links: those given, else a mailto: link to the e-mail address. */
export function linksOf(answers: Pick<Answers, "links" | "email">): Link[] {
  if (answers.links.length > 0) return [...answers.links];
  return answers.email ? [{ label: "E-mail", url: `mailto:${answers.email}` }] : [];
}

const marked = (what: string) => `${PLACEHOLDER}: ${what}`;

/** The two files `bun run init` writes. `today` is YYYY-MM-DD. */
export function starterContent(answers: Answers, today: string): { profile: Profile; now: Now } {
  const profile: Profile = {
    handle: answers.handle,
    name: answers.name,
    role: answers.role,
    tagline: marked("one line that sums you up"),
    updated: today,
    bio: marked("a short paragraph about you and your work"),
    location: { city: answers.city, country: answers.country, timezone: answers.timezone },
    ...(answers.email ? { email: answers.email } : {}),
    links: linksOf(answers),
    ...(answers.fediverse ? { fediverse: { account: answers.fediverse } } : {}),
    ...(answers.blueskyDid ? { blueskyDid: answers.blueskyDid } : {}),
    skills: [{ name: marked("a skill"), level: 50, group: PLACEHOLDER }],
    experience: [
      {
        start: today.slice(0, 4),
        end: null,
        role: answers.role,
        organisation: marked("where you work"),
        summary: marked("one or two sentences on the work"),
        highlights: [],
      },
    ],
    education: [],
    languages: [{ name: marked("a language"), level: PLACEHOLDER }],
  };
  return { profile, now: starterNow(today) };
}

/** A new owner's /now: placeholders, dated `today` (YYYY-MM-DD). */
export function starterNow(today: string): Now {
  return {
    status: marked("what you are up to"),
    updated: today,
    building: [marked("something you are building")],
    learning: [marked("something you are learning")],
    reading: [],
    notDoing: [],
  };
}

/** The fields of a profile that init's answers give: over the owner's own profile, the rest is kept. */
export const ANSWERED_FIELDS = {
  handle: "handle",
  name: "name",
  role: "role",
  updated: "the day it is written",
  location: "city, country and timezone",
  email: "email",
  links: "links",
  fediverse: "fediverse",
  blueskyDid: "blueskyDid",
} as const satisfies Partial<Record<keyof Profile, string>>;

/** The answers a profile holds: what init offers when it is the owner's own. */
export function answersIn(profile: Profile): Answers {
  const { name, handle, role, location, email, links, fediverse, blueskyDid } = profile;
  const { city, country, timezone } = location;
  return {
    name,
    handle,
    role,
    city,
    country,
    timezone,
    email,
    links,
    fediverse: fediverse?.account,
    blueskyDid,
  };
}

/** `link` among `links`: in place of the one of its label (in any case) or its URL, else last. */
export function withLink(links: readonly Link[], link: Link): Link[] {
  const same = (other: Link) =>
    other.label.toLowerCase() === link.label.toLowerCase() || other.url === link.url;
  const at = links.findIndex(same);
  return at < 0 ? [...links, link] : links.map((other, index) => (index === at ? link : other));
}

/**
 * The owner's own profile with the answers in place of what it held, dated `today`; every
 * other field (tagline, bio, career, pronouns, ...) as it was. A fediverse account's actor
 * is kept while the account is the same.
 */
export function updatedProfile(profile: Profile, answers: Answers, today: string): Profile {
  const { handle, name, role, city, country, timezone, email, blueskyDid } = answers;
  const actor = profile.fediverse?.account === answers.fediverse ? profile.fediverse?.actor : undefined;
  const updated: Record<string, unknown> = {
    ...profile,
    handle,
    name,
    role,
    updated: today,
    location: { city, country, timezone },
    email,
    links: linksOf(answers),
    fediverse: answers.fediverse && { account: answers.fediverse, ...(actor ? { actor } : {}) },
    blueskyDid,
  };
  // An answer left empty takes its field out, as an absent field is written.
  return Object.fromEntries(Object.entries(updated).filter(([, value]) => value !== undefined)) as Profile;
}

/** What the answers do not give and no text can mark: the current role starts this year. */
export const UNMARKED_IN_PROFILE = ["/experience/0/start"] as const;

/** Every text inside `value`. */
function textsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return typeof value === "object" && value !== null ? Object.values(value).flatMap(textsIn) : [];
}

/**
 * The JSON pointers of what in `value` is still a placeholder: a list or an object whose
 * text is all placeholders is named once (`/skills`), not field by field.
 */
export function placeholdersIn(value: unknown, path = ""): string[] {
  const texts = textsIn(value);
  if (texts.length > 0 && texts.every((text) => text.startsWith(PLACEHOLDER))) return [path];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => placeholdersIn(child, `${path}/${key}`));
}
