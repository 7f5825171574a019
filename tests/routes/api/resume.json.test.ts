/**
 * GET /api/resume.json: the live answer is a valid JSON Resume document (the official
 * schema, judged by Ajv), built from content/profile.json field for field.
 */
import { describe, expect, test } from "bun:test";
import { RESUME_PATH, toJsonResume } from "../../../lib/formats/json-resume.ts";
import { resumeMarkdown } from "../../../lib/markdown/resume.ts";
import { as, SITE_URL, sample, send, testApp } from "../../support/app.ts";
import { jsonResumeErrors } from "../../support/json-resume-schema.ts";

const app = testApp();
const { profile } = sample;

async function resume(headers: Record<string, string> = as.pythonRequests) {
  const response = await send(app, "/api/resume.json", headers);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  return response.json();
}

describe("GET /api/resume.json", () => {
  test("is valid against the official JSON Resume schema, for every client", async () => {
    for (const client of [as.pythonRequests, as.curl, as.browser, as.curlAskingForJson]) {
      expect(jsonResumeErrors(await resume(client))).toEqual([]);
    }
  });

  test("the judge is awake: Ajv refuses a document with a malformed date or email", async () => {
    const document = await resume();
    document.work[0].startDate = "April 2023";
    document.basics.email = "not an address";
    expect(jsonResumeErrors(document)).toEqual([
      '/basics/email must match format "email"',
      '/work/0/startDate must match pattern "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"',
    ]);
  });

  test("says which schema it follows: v1.0.0, with its canonical URL and the profile's date", async () => {
    const { $schema, meta } = await resume();
    expect($schema).toBe("https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json");
    expect(meta).toEqual({
      canonical: `${SITE_URL}/api/resume.json`,
      version: "v1.0.0",
      lastModified: `${profile.updated}T00:00:00`,
    });
  });

  test("basics come from the profile: name, role, email, website, bio, city and country code, every link", async () => {
    const { basics } = await resume();
    expect(basics).toEqual({
      name: profile.name,
      label: profile.role,
      email: profile.email,
      url: "https://example.com",
      summary: profile.bio,
      location: { city: "Lisbon", countryCode: "PT" },
      profiles: profile.links.map(({ label, url }) => ({ network: label, url })),
    });
  });

  test("work is the experience, newest first, with no endDate while current", async () => {
    const { work } = await resume();
    expect(work).toHaveLength(profile.experience.length);
    expect(work[0]).toEqual({
      name: "Tessellate Freight",
      position: "Staff ML Engineer",
      location: "Lisbon, Portugal",
      startDate: "2023-04",
      summary: profile.experience[0]?.summary,
      highlights: profile.experience[0]?.highlights,
    });
    expect(work[1].endDate).toBe("2023-03");
  });

  test("each skill is an entry with its level out of 100 and its group as keyword; languages keep their level", async () => {
    const { skills, languages, education } = await resume();
    expect(skills[0]).toEqual({ name: "Eval design", level: "92/100", keywords: ["ML"] });
    expect(skills).toHaveLength(profile.skills.length);
    expect(languages).toEqual(
      profile.languages.map(({ name, level }) => ({ language: name, fluency: level })),
    );
    expect(education[0]).toEqual({
      institution: "Kingsmere University",
      studyType: "MSc Statistical Science",
      startDate: "2014-09",
      endDate: "2015-09",
    });
  });

  test("is pretty for a terminal, compact for a program, and revalidates with its ETag", async () => {
    const pretty = await (await send(app, "/api/resume.json", as.curl)).text();
    const compact = await (await send(app, "/api/resume.json", as.pythonRequests)).text();
    expect(pretty).toBe(`${JSON.stringify(JSON.parse(compact), null, 2)}\n`);
    const etag = (await send(app, "/api/resume.json")).headers.get("etag") as string;
    expect((await send(app, "/api/resume.json", { "if-none-match": etag })).status).toBe(304);
  });
});

describe("GET /api/resume.json for an assistant that prefers Markdown", () => {
  test("is the résumé in Markdown, with its own ETag and 304", async () => {
    const markdown = await send(app, "/api/resume.json", as.assistant);
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await markdown.clone().text()).toBe(
      resumeMarkdown(toJsonResume(sample.profile, `${SITE_URL}${RESUME_PATH}`)),
    );
    const etag = markdown.headers.get("etag") as string;
    expect((await send(app, "/api/resume.json", { ...as.assistant, "if-none-match": etag })).status).toBe(
      304,
    );
  });
});
