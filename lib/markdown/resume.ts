/**
 * @module The résumé in Markdown: what `/api/resume.json` says, the JSON Resume document,
 * field by field (`Accept: text/markdown`, `/api/resume.md`).
 */
import type { JsonResume } from "../formats/json-resume.ts";
import {
  autolink,
  heading,
  line,
  link,
  list,
  markdownDocument,
  paragraph,
  section,
  escapeMarkdown as text,
} from "./markdown.ts";
import { period } from "./profile.ts";

/** Where the site serves this Markdown (`routes/api/resume.md.ts`). */
export const RESUME_MARKDOWN_PATH = "/api/resume.md";

function basics({ basics }: JsonResume): string[] {
  const { label, location, email, url } = basics;
  const place = [location.city, location.countryCode].filter(Boolean).join(", ");
  return [
    `${text(label)}, ${text(place)}`,
    ...(email ? [link(email, `mailto:${email}`)] : []),
    ...(url ? [autolink(url)] : []),
  ];
}

function work({ work }: JsonResume): string[] {
  return work.flatMap((job) => [
    heading(3, `${job.position}, ${job.name}`),
    line(text(period(job.startDate, job.endDate ?? null)), job.location ? `· ${text(job.location)}` : ""),
    paragraph(job.summary),
    list(job.highlights.map(text)),
  ]);
}

/** The JSON Resume document as a Markdown document. */
export function resumeMarkdown(resume: JsonResume): string {
  const { basics: owner, education, skills, languages, meta } = resume;
  return markdownDocument([
    heading(1, owner.name),
    list(basics(resume)),
    paragraph(owner.summary),
    ...section(2, "Profiles", [list(owner.profiles.map(({ network, url }) => link(network, url)))]),
    ...section(2, "Work", work(resume)),
    ...section(2, "Education", [
      list(
        education.map(
          (school) =>
            `${text(school.studyType)}, ${text(school.institution)} (${text(period(school.startDate, school.endDate))})`,
        ),
      ),
    ]),
    ...section(2, "Skills", [
      list(
        skills.map(
          ({ name, level, keywords }) => `${text(name)}: ${text(level)} (${keywords.map(text).join(", ")})`,
        ),
      ),
    ]),
    ...section(2, "Languages", [
      list(languages.map(({ language, fluency }) => `${text(language)}: ${text(fluency)}`)),
    ]),
    `JSON Resume ${text(meta.version)}, last modified ${text(meta.lastModified)}: ${autolink(meta.canonical)}`,
  ]);
}
