/** GET /.well-known/security.txt: how to report a vulnerability (RFC 9116). */
import { renderSecurityTxt, securityTxtOf } from "../../lib/crawlers/security-txt.ts";
import { documentBody, notModified, ok } from "../../lib/docs/responses.ts";
import { CONTENT_TYPE } from "../../lib/http/headers.ts";
import { preparedFile } from "../../lib/http/prepared-response.ts";
import { type AppContext, defineRoute } from "../../lib/http/route.ts";
import { BUILT_AT } from "../../lib/runtime/version.ts";

/** The file, expiring a fixed time after `builtAt`. */
const securityTxt = ({ content, config }: AppContext, builtAt: Date) =>
  renderSecurityTxt(securityTxtOf(content.profile, config.siteUrl, builtAt));

export const GET = defineRoute({
  detail: {
    summary: "How to report a vulnerability",
    description:
      "RFC 9116's security.txt: `Contact` is the owner's email from the profile (else their " +
      "first link), `Expires` is 364 days after the build (after start-up when run from " +
      "source), `Preferred-Languages` the languages the owner reads fluently, and " +
      "`Canonical` this file's own URL. The same text for every client.",
    tags: ["crawlers"],
    responses: (app) => ({
      200: ok(
        "The security contact",
        // Dated from the profile's last edit, not from a build or a start: every process,
        // built or from source, publishes the same document.
        documentBody(
          CONTENT_TYPE.text,
          "RFC 9116 fields",
          securityTxt(app, new Date(app.content.profile.updated)),
        ),
        true,
      ),
      304: notModified,
    }),
  },
  setup(app) {
    // From source there is no build: start-up stands in for it.
    const file = preparedFile(CONTENT_TYPE.text, securityTxt(app, BUILT_AT ?? app.startedAt));
    return function securityContact({ request }) {
      return file(request);
    };
  },
});
