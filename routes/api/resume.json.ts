/** GET /api/resume.json: the profile as a JSON Resume document, for resume tools and themes. */
import { jsonBody, notModified, ok } from "../../lib/docs/responses.ts";
import { JSON_RESUME_SCHEMA_URL, jsonResumeSchema, toJsonResume } from "../../lib/formats/json-resume.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/http/route.ts";
import { once } from "../../lib/once.ts";

const example = {
  $schema: JSON_RESUME_SCHEMA_URL,
  basics: {
    name: "Rin Hayashi",
    label: "Staff ML Engineer",
    email: "rin@example.com",
    url: "https://example.com",
    summary: "I build machine-learning systems that are boring in the best way…",
    location: { city: "Lisbon", countryCode: "PT" },
    profiles: [{ network: "GitHub", url: "https://github.com/rin-example" }],
  },
  work: [
    {
      name: "Tessellate Freight",
      position: "Staff ML Engineer",
      location: "Lisbon, Portugal",
      startDate: "2023-04",
      summary: "Lead the ML platform…",
      highlights: ["Built an offline eval harness…"],
    },
  ],
  education: [
    {
      institution: "Kingsmere University",
      studyType: "MSc Statistical Science",
      startDate: "2014-09",
      endDate: "2015-09",
    },
  ],
  skills: [{ name: "Python", level: "93/100", keywords: ["Engineering"] }],
  languages: [{ language: "Japanese", fluency: "Native" }],
  meta: {
    canonical: "https://rin.example/api/resume.json",
    version: "v1.0.0",
    lastModified: "2026-11-20T00:00:00",
  },
};

export const GET = defineRoute({
  detail: {
    summary: "The profile as a JSON Resume",
    description:
      "The profile in the JSON Resume format (jsonresume.org, schema v1.0.0), for the " +
      "tools and themes that read it. Built from the same content as `/api/rin.json`; the " +
      "fields JSON Resume has no place for (handle, native name, pronouns, tagline, time " +
      "zone, availability, education notes) are only there. Each skill is an entry of its " +
      "own with its level as `93/100` and its group as its keyword. `bun run import-resume " +
      "FILE` reads such a document back into `content/profile.json`.",
    tags: ["profile"],
    responses: () => ({
      200: ok("The JSON Resume document", jsonBody(jsonResumeSchema(), example), true),
      304: notModified,
    }),
  },
  setup(app) {
    // Built on the first request: the country's code comes from ICU data start-up need not load.
    const resume = once(() => new PreparedJson(toJsonResume(app.content.profile, app.config.siteUrl)));
    return function jsonResume({ client, request }) {
      return resume().respond(client, request);
    };
  },
});
