/** GET /api/resume.json: the profile as a JSON Resume document, for resume tools and themes. */
import { jsonBody, markdownBody, ok } from "../../lib/docs/responses.ts";
import { jsonResumeSchema, toJsonResume } from "../../lib/formats/json-resume.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { preparedMarkdown } from "../../lib/markdown/prepared-markdown.ts";
import { resumeMarkdown } from "../../lib/markdown/resume.ts";
import { defineRoute } from "../../lib/site/site.ts";

export const GET = defineRoute({
  detail: {
    summary: "The profile as a JSON Resume",
    description:
      "The profile in the JSON Resume format (jsonresume.org, schema v1.0.0), for the " +
      "tools and themes that read it. Built from the same content as `/api/<handle>.json`; the " +
      "fields JSON Resume has no place for (handle, native name, pronouns, tagline, time " +
      "zone, availability, education notes) are only there. Each skill is an entry of its " +
      "own with its level as `93/100` and its group as its keyword. `bun run import-resume " +
      "FILE` reads such a document back into `content/profile.json`. An `Accept` that prefers " +
      "`text/markdown` gets the same as Markdown.",
    tags: ["profile"],
    responses: (site, path) => ({
      200: ok(
        "The JSON Resume document, as JSON or Markdown",
        {
          ...jsonBody(
            jsonResumeSchema(),
            toJsonResume(site.content.profile, `${site.config.siteUrl}${path}`),
          ),
          ...markdownBody(
            resumeMarkdown(toJsonResume(site.content.profile, `${site.config.siteUrl}${path}`)),
          ),
        },
        true,
      ),
    }),
  },
  llmsTxt: "optional",
  setup(site, path) {
    const document = toJsonResume(site.content.profile, `${site.config.siteUrl}${path}`);
    const resume = new PreparedJson(document);
    const markdown = preparedMarkdown(resumeMarkdown(document), "negotiated");
    return function jsonResume({ client, request }) {
      return client.markdown ? markdown.respond(request) : resume.respond(client, request);
    };
  },
});
