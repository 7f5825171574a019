/** GET /api/now: what the owner is building, learning, reading, and not doing. */
import { Type as t } from "@sinclair/typebox";
import { contentSchemas } from "../../lib/content/schemas.ts";
import { jsonBody, notModified, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { defineRoute } from "../../lib/http/route.ts";

const nowSchema = () =>
  t.Composite([
    contentSchemas().Now,
    t.Object({ timezone: t.String({ description: "The owner's IANA time zone" }) }),
  ]);

export const GET = defineRoute({
  detail: {
    summary: "What Rin is doing now",
    description:
      "A /now page as JSON: a status line, what is being built and learned, books being " +
      "read (title and author), what is deliberately not being done, when it was last " +
      "updated, and the owner's time zone.",
    tags: ["profile"],
    responses: () => ({
      200: ok(
        "The /now status",
        jsonBody(nowSchema(), {
          status: "Heads down on evaluation tooling",
          updated: "2026-11-14",
          building: ["A regression suite for ranking models"],
          learning: ["Causal inference"],
          reading: [{ title: "Statistical Rethinking", author: "Richard McElreath" }],
          notDoing: ["Taking on new side projects until January"],
          timezone: "Europe/Lisbon",
        }),
        true,
      ),
      304: notModified,
    }),
  },
  servesWhole: "now",
  setup(app) {
    const now = new PreparedJson({ ...app.content.now, timezone: app.content.profile.location.timezone });
    return function nowStatus({ client, request }) {
      return now.respond(client, request);
    };
  },
});
