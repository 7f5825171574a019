/**
 * GET /.well-known/atproto-did: the owner's Bluesky DID, so that the site's domain can be
 * their Bluesky handle (the AT Protocol's HTTPS well-known method).
 */
import { documentBody, envelope, ok } from "../../lib/docs/responses.ts";
import { ApiError } from "../../lib/http/errors.ts";
import { CONTENT_TYPE } from "../../lib/http/headers.ts";
import { preparedFile } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/site/site.ts";

const NO_DID = "This site's owner has set no Bluesky DID: blueskyDid in content/profile.json";

export const GET = defineRoute({
  detail: {
    summary: "The owner's Bluesky DID, for a handle that is this domain",
    description:
      "The AT Protocol's HTTPS well-known method of handle resolution: the owner's DID " +
      "(`blueskyDid` in the profile, a `did:plc:` or `did:web:`) and nothing else, as plain " +
      "text, so that Bluesky accepts this site's domain as the owner's handle. The same text " +
      "for every client; 404 when the owner has set no DID.",
    tags: ["identity"],
    responses: (site) => ({
      200: ok(
        "The DID",
        documentBody(
          CONTENT_TYPE.text,
          "A DID, alone: no prefix, no line end",
          // An owner without a DID still gets an example of the shape: their domain's did:web.
          site.content.profile.blueskyDid ?? `did:web:${new URL(site.config.siteUrl).hostname}`,
        ),
        true,
      ),
      404: envelope("not_found", "The owner has set no DID", NO_DID),
    }),
  },
  examplePath: (path, content) => (content.profile.blueskyDid ? path : undefined),
  setup(site) {
    const did = site.content.profile.blueskyDid;
    if (did === undefined) {
      return function noDid() {
        throw new ApiError("not_found", NO_DID);
      };
    }
    const file = preparedFile(CONTENT_TYPE.text, did);
    return function atprotoDid({ request }) {
      return file(request);
    };
  },
});
