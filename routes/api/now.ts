/**
 * GET /api/now: what the owner is building, learning, reading, and not doing, and what
 * they did lately at each live source (GitHub), as last read.
 */
import { Type as t } from "@sinclair/typebox";
import { NowSchema } from "../../lib/content/schemas.ts";
import { jsonBody, notModified, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import type { KnownActivity } from "../../lib/live/feed.ts";
import { defineRoute, type Site } from "../../lib/site.ts";

const activitySchema = () =>
  t.Object({
    source: t.String({ description: "Where: `github`" }),
    text: t.String({ description: "What the owner did, e.g. `pushed to owner/repo`" }),
    url: t.String({ format: "uri", description: "Where to see it" }),
    happenedAt: t.String({ format: "date-time", description: "When it happened" }),
    readAt: t.String({ format: "date-time", description: "When a read of the source last confirmed it" }),
  });

const nowSchema = () =>
  t.Composite([
    NowSchema,
    t.Object({
      timezone: t.String({ description: "The owner's IANA time zone" }),
      activity: t.Optional(
        t.Array(activitySchema(), {
          description:
            "The latest activity at each live source, the newest first; absent until one is read, " +
            "and for an owner with no source (no GitHub link)",
        }),
      ),
    }),
  ]);

const nowStatus = ({ content }: Site, activities: readonly KnownActivity[]) => ({
  ...content.now,
  timezone: content.profile.location.timezone,
  ...(activities.length > 0 && {
    activity: activities.map(({ source, text, url, happenedAt, readAt }) => ({
      source,
      text,
      url,
      happenedAt: happenedAt.toISOString(),
      readAt: readAt.toISOString(),
    })),
  }),
});

/** What a GitHub link shows, for the document's example. */
const exampleActivity = (site: Site): KnownActivity[] => [
  {
    source: "github",
    sourceName: "GitHub",
    text: `pushed to ${site.content.profile.handle}/site`,
    url: `https://github.com/${site.content.profile.handle}/site`,
    happenedAt: new Date("2026-11-21T13:53:02Z"),
    readAt: new Date("2026-11-21T14:04:41Z"),
    freshUntil: new Date("2026-11-21T14:14:41Z"),
  },
];

export const GET = defineRoute({
  detail: {
    summary: "What the owner is doing now",
    description:
      "A /now page as JSON: a status line, what is being built and learned, books being " +
      "read (title and author), what is deliberately not being done, when it was last " +
      "updated, and the owner's time zone; and, once read, the latest activity at each live " +
      "source (a push, a pull request, a release or a new repository on GitHub), with when it " +
      "happened and when it was read. Sources are read in the background: this answer never waits for one.",
    tags: ["profile"],
    responses: (site) => ({
      200: ok("The /now status", jsonBody(nowSchema(), nowStatus(site, exampleActivity(site))), true),
      304: notModified,
    }),
  },
  contentAsJson: "now",
  featured: true,
  sitemap: ["now"],
  setup(site) {
    let shown = site.live.latest();
    let now = new PreparedJson(nowStatus(site, shown));
    return function nowAnswer({ client, request }) {
      // The same array until a read changes what is known: serialised once per change.
      const latest = site.live.latest();
      if (latest !== shown) {
        shown = latest;
        now = new PreparedJson(nowStatus(site, latest));
      }
      return now.respond(client, request);
    };
  },
});
