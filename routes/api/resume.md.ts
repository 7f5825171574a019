/** GET /api/resume.md: the résumé in Markdown, for assistants and llms.txt: what `/api/resume.json` says. */
import { markdownBody, ok } from "../../lib/docs/responses.ts";
import { resumeUrl, toJsonResume } from "../../lib/formats/json-resume.ts";
import { preparedMarkdown } from "../../lib/markdown/prepared-markdown.ts";
import { resumeMarkdown } from "../../lib/markdown/resume.ts";
import { defineRoute } from "../../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "The résumé in Markdown",
    description:
      "The profile as a JSON Resume, as Markdown (`text/markdown`, " +
      "CommonMark), whoever asks: the role and place, the summary, profiles, work with its " +
      "highlights, education, skills and languages. The site's llms.txt links here.",
    tags: ["assistants"],
    responses: (site) => ({
      200: ok(
        "The résumé in Markdown",
        markdownBody(
          resumeMarkdown(toJsonResume(site.content.profile, resumeUrl(site.config.siteUrl, site.routes))),
        ),
        true,
      ),
    }),
  },
  llmsTxt: "about",
  setup(site) {
    const resume = preparedMarkdown(
      resumeMarkdown(toJsonResume(site.content.profile, resumeUrl(site.config.siteUrl, site.routes))),
      "own path",
    );
    return function resumeInMarkdown({ request }) {
      return resume.respond(request);
    };
  },
});
