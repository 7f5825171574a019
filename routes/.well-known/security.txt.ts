/** GET /.well-known/security.txt: how to report a vulnerability (RFC 9116). */
import { renderSecurityTxt, securityTxtOf } from "../../lib/crawlers/security-txt.ts";
import { documentBody, ok } from "../../lib/docs/responses.ts";
import { CONTENT_TYPE } from "../../lib/http/headers.ts";
import { preparedFile } from "../../lib/http/prepared-response.ts";
import { RELEASED_AT } from "../../lib/runtime/version.ts";
import { defineRoute, type Site } from "../../lib/site/site.ts";

/** The file, expiring a fixed time after `builtAt`. */
const securityTxt = ({ content, config }: Site, builtAt: Date) =>
  renderSecurityTxt(securityTxtOf(content.profile, config.siteUrl, builtAt));

export const GET = defineRoute({
  detail: {
    summary: "How to report a vulnerability",
    description:
      "RFC 9116's security.txt: `Contact` is the owner's email from the profile (else their " +
      "first link), `Expires` is 364 days after the release's commit (after start-up when " +
      "that is not known), `Preferred-Languages` the languages the owner reads fluently, and " +
      "`Canonical` this file's own URL. The same text for every client.",
    tags: ["crawlers"],
    responses: (site) => ({
      200: ok(
        "The security contact",
        // Dated from the profile's last edit, not from a build or a start: every process,
        // built or from source, publishes the same document.
        documentBody(
          CONTENT_TYPE.text,
          "RFC 9116 fields",
          securityTxt(site, new Date(site.content.profile.updated)),
        ),
        true,
      ),
    }),
  },
  setup(site) {
    // Without git or a build, start-up stands in for the release.
    const file = preparedFile(CONTENT_TYPE.text, securityTxt(site, RELEASED_AT ?? site.startedAt));
    return function securityContact({ request }) {
      return file(request);
    };
  },
});
