/** GET /.well-known/security.txt: how to report a vulnerability (RFC 9116). */
import { renderSecurityTxt, securityTxtOf } from "../../lib/crawlers/security-txt.ts";
import { documentBody, notModified, ok } from "../../lib/docs/responses.ts";
import { CONTENT_TYPE } from "../../lib/http/headers.ts";
import { preparedFile } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/http/route.ts";
import { BUILT_AT } from "../../lib/runtime/version.ts";

const example = `Contact: mailto:rin@example.com
Expires: 2027-11-20T14:05:09.000Z
Preferred-Languages: ja, en
Canonical: https://rin.example/.well-known/security.txt
`;

export const GET = defineRoute({
  detail: {
    summary: "How to report a vulnerability",
    description:
      "RFC 9116's security.txt: `Contact` is the owner's email from the profile (else their " +
      "first link), `Expires` is 364 days after the build (after start-up when run from " +
      "source), `Preferred-Languages` the languages the owner reads fluently, and " +
      "`Canonical` this file's own URL. The same text for every client.",
    tags: ["crawlers"],
    responses: () => ({
      200: ok("The security contact", documentBody(CONTENT_TYPE.text, "RFC 9116 fields", example), true),
      304: notModified,
    }),
  },
  setup(app) {
    // From source there is no build: start-up stands in for it.
    const builtAt = BUILT_AT ?? app.startedAt;
    // Written on the first request: finding language tags loads ICU data start-up need not.
    const securityTxt = preparedFile(CONTENT_TYPE.text, () =>
      renderSecurityTxt(securityTxtOf(app.content.profile, app.config.siteUrl, builtAt)),
    );
    return function securityContact({ request }) {
      return securityTxt(request);
    };
  },
});
