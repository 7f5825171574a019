/**
 * @module The profile as a JSON Resume document (jsonresume.org, schema v1.0.0), built
 * from `content/profile.json` on the way out: there is no second copy of the data.
 *
 * How the fields map (`json-resume-import.ts` reads them back the same way):
 * - `role` is `basics.label`, `bio` is `basics.summary`, the country `basics.location.countryCode`;
 * - every link is a `basics.profiles` entry (`label` → `network`); the one labelled
 *   Website is also `basics.url`;
 * - each skill is a `skills` entry of its own: its level as `93/100`, its group as its one keyword;
 * - `experience` is `work` (`organisation` → `name`, `role` → `position`; no `endDate` while current);
 * - an education's `degree` is its `studyType`;
 * - `updated` is `meta.lastModified`.
 * The schema has no place for the handle, native name, pronouns, tagline, time zone,
 * availability or education notes: they stay in the structured profile, `/api/<handle>.json`.
 */
import { Type as t } from "@sinclair/typebox";
import type { Profile } from "../content/schemas.ts";
import { servedUrl } from "../http/route.ts";
import { countryCode } from "./iso-codes.ts";

/** The version of the schema the document follows, and where that schema is published. */
export const JSON_RESUME_VERSION = "v1.0.0";
export const JSON_RESUME_SCHEMA_URL =
  "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json";

/** The label of the link that is also `basics.url`, compared without case. */
export const WEBSITE_LABEL = "Website";

/** A skill's level out of 100, as JSON Resume's free-text `level` carries it. */
export const skillLevelText = (level: number): string => `${level}/100`;

export interface JsonResume {
  $schema: string;
  basics: {
    name: string;
    label: string;
    email?: string;
    url?: string;
    summary: string;
    location: { city: string; countryCode?: string };
    profiles: { network: string; url: string }[];
  };
  work: {
    name: string;
    position: string;
    location?: string;
    startDate: string;
    endDate?: string;
    summary: string;
    highlights: string[];
  }[];
  education: { institution: string; studyType: string; startDate: string; endDate: string }[];
  skills: { name: string; level: string; keywords: string[] }[];
  languages: { language: string; fluency: string }[];
  meta: { canonical: string; version: string; lastModified: string };
}

/**
 * Where the route file this project ships serves the JSON Resume: the canonical URL the
 * résumé's other forms (its Markdown, the MCP tool) name, and how an import knows a
 * résumé this site wrote. A copy of that route names its own path instead.
 */
export const RESUME_PATH = "/api/resume.json";

/**
 * The canonical URL of the JSON Resume, for its other forms: the shipped route's, where the
 * site serves it (a site without that route names no page it lacks), else the site's own.
 */
export function resumeUrl(siteUrl: string, servedPaths: readonly { readonly path: string }[]): string {
  return servedUrl(siteUrl, servedPaths, RESUME_PATH) ?? siteUrl;
}

/** The profile as a JSON Resume; `canonical` is where it is served, the resume's `meta.canonical`. */
export function toJsonResume(profile: Profile, canonical: string): JsonResume {
  const website = profile.links.find(({ label }) => label.toLowerCase() === WEBSITE_LABEL.toLowerCase());
  const country = countryCode(profile.location.country);
  return {
    $schema: JSON_RESUME_SCHEMA_URL,
    basics: {
      name: profile.name,
      label: profile.role,
      ...(profile.email ? { email: profile.email } : {}),
      ...(website ? { url: website.url } : {}),
      summary: profile.bio,
      location: { city: profile.location.city, ...(country ? { countryCode: country } : {}) },
      profiles: profile.links.map(({ label, url }) => ({ network: label, url })),
    },
    work: profile.experience.map((job) => ({
      name: job.organisation,
      position: job.role,
      ...(job.location ? { location: job.location } : {}),
      startDate: job.start,
      ...(job.end ? { endDate: job.end } : {}),
      summary: job.summary,
      highlights: [...job.highlights],
    })),
    education: profile.education.map((school) => ({
      institution: school.institution,
      studyType: school.degree,
      startDate: school.start,
      endDate: school.end,
    })),
    skills: profile.skills.map(({ name, level, group }) => ({
      name,
      level: skillLevelText(level),
      keywords: [group],
    })),
    languages: profile.languages.map(({ name, level }) => ({ language: name, fluency: level })),
    meta: {
      canonical,
      version: JSON_RESUME_VERSION,
      lastModified: `${profile.updated}T00:00:00`,
    },
  };
}

/** What the API documents `toJsonResume` to return: the part of the JSON Resume schema it fills. */
export function jsonResumeSchema() {
  const Date8601 = t.String({
    pattern: "^[0-9]{4}(-[0-9]{2}){0,2}$",
    description: "ISO 8601 with optional month and day: 2023, 2023-04 or 2023-04-15",
  });
  const Text = (description: string) => t.String({ description });
  return t.Object(
    {
      $schema: t.String({ format: "uri", description: "The JSON Resume schema this follows" }),
      basics: t.Object({
        name: Text("Full name"),
        label: Text("Current role"),
        email: t.Optional(t.String({ format: "email" })),
        url: t.Optional(t.String({ format: "uri", description: "The owner's website" })),
        summary: Text("The bio"),
        location: t.Object({
          city: Text("City"),
          countryCode: t.Optional(t.String({ pattern: "^[A-Z]{2}$", description: "ISO 3166-1 alpha-2" })),
        }),
        profiles: t.Array(t.Object({ network: Text("What the link is"), url: t.String({ format: "uri" }) })),
      }),
      work: t.Array(
        t.Object({
          name: Text("Employer or project"),
          position: Text("Job title"),
          location: t.Optional(Text("Where")),
          startDate: Date8601,
          endDate: t.Optional(Date8601),
          summary: Text("The work"),
          highlights: t.Array(t.String()),
        }),
        { description: "Newest first; no endDate while current" },
      ),
      education: t.Array(
        t.Object({
          institution: Text("Where"),
          studyType: Text("Degree or course"),
          startDate: Date8601,
          endDate: Date8601,
        }),
      ),
      skills: t.Array(
        t.Object({
          name: Text("Skill or tool"),
          level: t.String({ pattern: "^[0-9]{1,3}/100$", description: "Self-assessed, out of 100" }),
          keywords: t.Array(t.String(), { description: "The skill's group" }),
        }),
      ),
      languages: t.Array(t.Object({ language: Text("Language"), fluency: Text("Native, or a CEFR level") })),
      meta: t.Object({
        canonical: t.String({ format: "uri", description: "Where this document lives" }),
        version: t.Literal(JSON_RESUME_VERSION),
        lastModified: t.String({ description: "The profile's updated date, YYYY-MM-DDThh:mm:ss" }),
      }),
    },
    { description: "A JSON Resume document (jsonresume.org, schema v1.0.0)" },
  );
}
