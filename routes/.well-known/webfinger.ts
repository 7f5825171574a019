/**
 * GET /.well-known/webfinger: the owner on the open web (RFC 7033). Searching
 * `@<handle>@<site host>` in Mastodon finds the owner's real fediverse account.
 */
import { Type as t } from "@sinclair/typebox";
import { envelope, jsonBody, ok } from "../../lib/docs/responses.ts";
import { ApiError } from "../../lib/http/errors.ts";
import { CONTENT_TYPE } from "../../lib/http/headers.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { jrdFor, REL, subjectFor, webfingerOwner, webfingerQuery } from "../../lib/identity/webfinger.ts";
import { defineRoute } from "../../lib/site/site.ts";
import { Cache } from "../../lib/utils/cache.ts";
import { quoteInput } from "../../lib/utils/request-input.ts";

const jrdSchema = () =>
  t.Object(
    {
      subject: t.String({ description: "The resource asked for, in canonical form" }),
      aliases: t.Array(t.String(), {
        description: "The owner's other identifiers: their acct: URI, this site, their fediverse account",
      }),
      links: t.Array(
        t.Object({
          rel: t.String({
            description: `${REL.profilePage} (this site's page) or self (the ActivityPub actor)`,
          }),
          type: t.String({ description: "The media type of what the link points at" }),
          href: t.String(),
        }),
        { description: "Only those whose rel was asked for, when any was" },
      ),
    },
    { description: "A JSON Resource Descriptor (RFC 7033 §4.4)" },
  );

export const GET = defineRoute({
  detail: {
    summary: "Who the owner is, for the fediverse (WebFinger)",
    description:
      "RFC 7033's WebFinger. For the owner's `acct:<handle>@<site host>` (what searching " +
      "`@<handle>@<site host>` in Mastodon asks for), this site's URL, or `mailto:` their email, " +
      "a JSON Resource Descriptor: `subject` is the resource in canonical form, `aliases` the " +
      "owner's other identifiers, and `links` this site's page and, when the profile names a " +
      "fediverse account, its ActivityPub actor as `self`, which is how Mastodon finds the real " +
      "account. `rel`, repeatable, keeps only the links of those relations. Terminals get the " +
      "JSON pretty, like every JSON answer.",
    tags: ["identity"],
    parameters: [
      {
        name: "resource",
        in: "query",
        required: true,
        description: "The owner's `acct:<handle>@<site host>`, this site's URL, or `mailto:` their email",
        schema: { type: "string" },
      },
      {
        name: "rel",
        in: "query",
        required: false,
        description: "Keep only the links of this relation; repeatable (RFC 7033 §4.3)",
        schema: { type: "array", items: { type: "string" } },
        style: "form",
        explode: true,
      },
    ],
    responses: (site) => {
      const owner = webfingerOwner(site.content.profile, site.config.siteUrl);
      return {
        200: ok(
          "The owner's JRD",
          jsonBody(jrdSchema(), jrdFor(owner, owner.acct, []), CONTENT_TYPE.jrd),
          true,
        ),
        400: envelope(
          "bad_request",
          "No resource, or one that is not a URI (RFC 7033 §4.2)",
          `resource is missing: ask ?resource=${owner.acct}`,
        ),
        404: envelope(
          "not_found",
          "A resource that is not this site's owner",
          `acct:someone@elsewhere.example is not this site's owner; ask for ${owner.acct}`,
        ),
      };
    },
  },
  examplePath: (path, content, siteUrl) =>
    `${path}?resource=${webfingerOwner(content.profile, siteUrl).acct}`,
  setup(site) {
    const owner = webfingerOwner(site.content.profile, site.config.siteUrl);
    // Keyed by what the answer says; strangers' `rel`s cannot grow it past the limit.
    const answers = new Cache<PreparedJson>({ limit: 64 });
    return function webfinger({ client, request }) {
      const { resource, rels } = webfingerQuery(request.url, owner.acct);
      const subject = subjectFor(owner, resource);
      if (subject === undefined) {
        throw new ApiError(
          "not_found",
          `${quoteInput(resource, 80)} is not this site's owner; ask for ${owner.acct}`,
        );
      }
      const answer = answers.get(
        JSON.stringify([subject, rels]),
        () => new PreparedJson(jrdFor(owner, subject, rels), { contentType: CONTENT_TYPE.jrd }),
      );
      return answer.respond(client, request);
    };
  },
});
