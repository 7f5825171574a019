/** GET /api/now: what the owner is building, learning, reading, and not doing. */
import { Type as t } from "@sinclair/typebox";
import { contentSchemas } from "../../lib/content/schemas.ts";
import { jsonBody, notModified, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { type AppContext, defineRoute } from "../../lib/http/route.ts";

const nowSchema = () =>
  t.Composite([
    contentSchemas().Now,
    t.Object({ timezone: t.String({ description: "The owner's IANA time zone" }) }),
  ]);

const nowStatus = ({ content }: AppContext) => ({
  ...content.now,
  timezone: content.profile.location.timezone,
});

export const GET = defineRoute({
  detail: {
    summary: "What the owner is doing now",
    description:
      "A /now page as JSON: a status line, what is being built and learned, books being " +
      "read (title and author), what is deliberately not being done, when it was last " +
      "updated, and the owner's time zone.",
    tags: ["profile"],
    responses: (app) => ({
      200: ok("The /now status", jsonBody(nowSchema(), nowStatus(app)), true),
      304: notModified,
    }),
  },
  servesWhole: "now",
  setup(app) {
    const now = new PreparedJson(nowStatus(app));
    return function nowAnswer({ client, request }) {
      return now.respond(client, request);
    };
  },
});
