/**
 * @module The MCP server's `search`: what the site says, in passages (the bio, each role,
 * each skill, each line of /now, the latest activity), each with where it is said and the
 * Markdown page that says it; a query's words found in a passage, whatever their case and
 * accents, in the order the site says them.
 */
import { type Static, Type as t } from "@sinclair/typebox";
import { placeOf } from "../content/schemas.ts";
import type { Content } from "../content/site-content.ts";
import type { NowStatus } from "../profile/model/now-status.ts";

export const searchInputSchema = () =>
  t.Object(
    {
      query: t.String({
        minLength: 1,
        maxLength: 100,
        description: "Words to look for, e.g. `typescript` or `berlin rust`: a passage has them all",
      }),
      limit: t.Optional(
        t.Integer({ minimum: 1, maximum: 20, default: 5, description: "At most this many passages (5)" }),
      ),
    },
    { additionalProperties: false },
  );

export const searchOutputSchema = () =>
  t.Object({
    query: t.String(),
    total: t.Integer({ minimum: 0, description: "How many passages have every word" }),
    results: t.Array(
      t.Object({
        where: t.String({
          description: "What part of the site says it, e.g. `experience: <role>, <organisation>`",
        }),
        text: t.String({ description: "What it says, in the owner's words" }),
        url: t.String({
          format: "uri",
          description: "The Markdown page that says it; the site itself where it serves none",
        }),
      }),
      { description: "The passages with every word, in the order the site says them" },
    ),
  });

export type SearchInput = Static<ReturnType<typeof searchInputSchema>>;
export type SearchOutput = Static<ReturnType<typeof searchOutputSchema>>;
type Passage = SearchOutput["results"][number];

/** Lower case without accents: `Résumé` is found by `resume`. */
const folded = (text: string): string => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

const wordsOf = (text: string): string[] => folded(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Where the site says the profile's passages and /now's: a URL each. */
export interface PassagePages {
  readonly profile: string;
  readonly now: string;
}

/** Every passage of what the site says, in the order its pages say them, each with the page that says it. */
export function passages({ profile }: Content, now: NowStatus, pages: PassagePages): Passage[] {
  const { profile: profileUrl, now: nowUrl } = pages;
  const said = (where: string, text: string, url: string): Passage => ({ where, text, url });
  return [
    said(
      "profile",
      `${profile.name}: ${profile.role} in ${placeOf(profile)}. ${profile.tagline}`,
      profileUrl,
    ),
    said("bio", profile.bio, profileUrl),
    ...(profile.availability ? [said("availability", profile.availability, profileUrl)] : []),
    ...profile.experience.map((job) =>
      said(
        `experience: ${job.role}, ${job.organisation}`,
        [job.summary, ...job.highlights].join(" "),
        profileUrl,
      ),
    ),
    ...profile.skills.map(({ name, level, group }) =>
      said(`skills: ${group}`, `${name}: ${level}/100`, profileUrl),
    ),
    ...profile.education.map((school) =>
      said(
        `education: ${school.degree}, ${school.institution}`,
        [`${school.degree}, ${school.institution}`, school.note ?? ""].join(" ").trim(),
        profileUrl,
      ),
    ),
    ...profile.languages.map(({ name, level }) => said("languages", `${name}: ${level}`, profileUrl)),
    ...profile.links.map(({ label, url }) => said("links", `${label}: ${url}`, profileUrl)),
    said("now: status", now.status, nowUrl),
    ...now.building.map((line) => said("now: building", line, nowUrl)),
    ...now.learning.map((line) => said("now: learning", line, nowUrl)),
    ...now.reading.map(({ title, author }) => said("now: reading", `${title} by ${author}`, nowUrl)),
    ...now.notDoing.map((line) => said("now: not doing", line, nowUrl)),
    ...(now.activity ?? []).map((done) => said(`now: lately on ${done.source}`, done.text, nowUrl)),
  ];
}

/**
 * The passages that have every word of `query` (in their text or where they are said; a
 * word of the query may begin a longer one: `eval` finds `evaluation`), at most `limit`.
 */
export function search(all: readonly Passage[], { query, limit = 5 }: SearchInput): SearchOutput {
  const words = wordsOf(query);
  const found = all.filter((passage) => {
    const said = wordsOf(`${passage.where} ${passage.text}`);
    return words.length > 0 && words.every((word) => said.some((saidWord) => saidWord.startsWith(word)));
  });
  return { query, total: found.length, results: found.slice(0, limit) };
}
