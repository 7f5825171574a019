/**
 * @module The profile in Markdown: what `/api/<handle>.json` says, every field, in the
 * owner's words, for assistants (`Accept: text/markdown`, `/api/<handle>.md`).
 */
import { type Profile, placeOf } from "../content/schemas.ts";
import { blueskyProfileUrl } from "../identity/bluesky.ts";
import { fediverseAccount } from "../identity/fediverse.ts";
import {
  heading,
  line,
  link,
  list,
  markdownDocument,
  paragraph,
  quote,
  section,
  escapeMarkdown as text,
} from "./markdown.ts";

/** Where the site serves this Markdown (`routes/api/{handle}.md.ts`). */
export const profileMarkdownPath = (handle: string): string => `/api/${handle}.md`;

/** `2023-04 to 2025-01`, or `since 2023-04` for what goes on. */
export const period = (start: string, end: string | null): string =>
  end === null ? `since ${start}` : `${start} to ${end}`;

function facts(profile: Profile): string[] {
  const fediverse = fediverseAccount(profile);
  const fact = (name: string, value: string) => `${name}: ${value}`;
  return [
    fact("Role", text(profile.role)),
    fact("Location", `${text(placeOf(profile))} (time zone ${text(profile.location.timezone)})`),
    ...(profile.nativeName ? [fact("Name in their own script", text(profile.nativeName))] : []),
    ...(profile.pronouns ? [fact("Pronouns", text(profile.pronouns))] : []),
    ...(profile.email ? [fact("Email", link(profile.email, `mailto:${profile.email}`))] : []),
    ...(profile.availability ? [fact("Availability", text(profile.availability))] : []),
    ...(fediverse ? [fact("Fediverse", link(fediverse.address, fediverse.profileUrl))] : []),
    ...(profile.blueskyDid
      ? [fact("Bluesky", link(profile.blueskyDid, blueskyProfileUrl(profile.blueskyDid)))]
      : []),
    fact("Handle", text(profile.handle)),
    fact("Profile updated", profile.updated),
  ];
}

function experience({ experience }: Profile): string[] {
  return experience.flatMap((job) => [
    heading(3, `${job.role}, ${job.organisation}`),
    line(text(period(job.start, job.end)), job.location ? `· ${text(job.location)}` : ""),
    paragraph(job.summary),
    list(job.highlights.map(text)),
  ]);
}

function education({ education }: Profile): string[] {
  return education.flatMap((school) => [
    heading(3, `${school.degree}, ${school.institution}`),
    text(period(school.start, school.end)),
    school.note ? paragraph(school.note) : "",
  ]);
}

/** The profile as a Markdown document. */
export function profileMarkdown(profile: Profile): string {
  return markdownDocument([
    heading(1, profile.name),
    quote(profile.tagline),
    paragraph(profile.bio),
    list(facts(profile)),
    ...section(2, "Links", [list(profile.links.map(({ label, url }) => link(label, url)))]),
    ...section(2, "Experience", experience(profile)),
    ...section(2, "Skills", [
      list(profile.skills.map(({ name, level, group }) => `${text(name)}: ${level}/100 (${text(group)})`)),
    ]),
    ...section(2, "Education", education(profile)),
    ...section(2, "Languages", [
      list(profile.languages.map(({ name, level }) => `${text(name)}: ${text(level)}`)),
    ]),
  ]);
}
