/** GET /api/resume.md: the résumé in Markdown, whoever asks. */
import { expect, test } from "bun:test";
import { RESUME_PATH, toJsonResume } from "../../../lib/formats/json-resume.ts";
import { resumeMarkdown } from "../../../lib/markdown/resume.ts";
import { as, SITE_URL, sample, send, testApp } from "../../support/app.ts";

const app = testApp();

test.each(Object.entries(as))(
  "is the résumé in Markdown, the same for %s, with an ETag and its 304",
  async (_name, headers) => {
    const response = await send(app, "/api/resume.md", headers);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await response.clone().text()).toBe(
      resumeMarkdown(toJsonResume(sample.profile, `${SITE_URL}${RESUME_PATH}`)),
    );
    const etag = response.headers.get("etag") as string;
    expect((await send(app, "/api/resume.md", { ...headers, "if-none-match": etag })).status).toBe(304);
  },
);
