/**
 * GET /api/now: what the owner is building, learning, reading, and not doing, what they
 * did lately at each live source (GitHub), and what they listen to (Last.fm), as last read.
 */
import { Type as t } from "@sinclair/typebox";
import { NowSchema } from "../../lib/content/schemas.ts";
import { jsonBody, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { live } from "../../lib/live/feature.ts";
import type { KnownActivity } from "../../lib/live/feed.ts";
import { defineRoute, type Site } from "../../lib/site/site.ts";

const activitySchema = () =>
  t.Object({
    source: t.String({ description: "Where: `github`" }),
    text: t.String({ description: "What the owner did, e.g. `pushed to owner/repo`" }),
    url: t.String({ format: "uri", description: "Where to see it" }),
    happenedAt: t.String({ format: "date-time", description: "When it happened" }),
    readAt: t.String({ format: "date-time", description: "When a read of the source last confirmed it" }),
  });

const listeningSchema = () =>
  t.Object(
    {
      source: t.String({ description: "Where: `lastfm`" }),
      text: t.String({
        description: "`listening to Track by Artist` while it plays; `last played Track by Artist` after",
      }),
      url: t.String({ format: "uri", description: "The track's page" }),
      playing: t.Boolean({ description: "Whether it plays now, as of `readAt`" }),
      happenedAt: t.String({
        format: "date-time",
        description: "When it was played; while it plays, since when the reads have seen it playing",
      }),
      readAt: t.String({ format: "date-time", description: "When a read of the source last confirmed it" }),
    },
    {
      description:
        "What the owner listens to, or last listened to; absent until it is read, and unless " +
        "Last.fm is configured (LASTFM_API_KEY)",
    },
  );

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
      listening: t.Optional(listeningSchema()),
    }),
  ]);

const timesOf = ({ happenedAt, readAt }: KnownActivity) => ({
  happenedAt: happenedAt.toISOString(),
  readAt: readAt.toISOString(),
});

const nowStatus = ({ content }: Site, activities: readonly KnownActivity[]) => {
  const done = activities.filter(({ kind }) => kind === "activity");
  const listening = activities.find(({ kind }) => kind === "listening");
  return {
    ...content.now,
    timezone: content.profile.location.timezone,
    ...(done.length > 0 && {
      activity: done.map((activity) => ({
        source: activity.source,
        text: activity.text,
        url: activity.url,
        ...timesOf(activity),
      })),
    }),
    ...(listening && {
      listening: {
        source: listening.source,
        text: listening.text,
        url: listening.url,
        playing: listening.ongoing === true,
        ...timesOf(listening),
      },
    }),
  };
};

/** What a GitHub link and a Last.fm key show, for the document's example. */
const exampleActivity = (site: Site): KnownActivity[] => [
  {
    source: "lastfm",
    sourceName: "Last.fm",
    kind: "listening",
    text: "listening to Harbour Lights by The Night Ferries",
    url: "https://www.last.fm/music/The+Night+Ferries/_/Harbour+Lights",
    happenedAt: new Date("2026-11-21T14:02:41Z"),
    ongoing: true,
    readAt: new Date("2026-11-21T14:04:41Z"),
    freshUntil: new Date("2026-11-21T14:14:41Z"),
  },
  {
    source: "github",
    sourceName: "GitHub",
    kind: "activity",
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
      "happened and when it was read, and what the owner listens to on Last.fm (`listening`: " +
      "playing now, or last played). Sources are read in the background: this answer never waits for one.",
    tags: ["profile"],
    responses: (site) => ({
      200: ok("The /now status", jsonBody(nowSchema(), nowStatus(site, exampleActivity(site))), true),
    }),
  },
  contentAsJson: "now",
  featured: true,
  sitemap: ["now"],
  setup(site) {
    const feed = site.service(live);
    let shown = feed.latest();
    let now = new PreparedJson(nowStatus(site, shown));
    return function nowAnswer({ client, request }) {
      // The same array until a read changes what is known: serialised once per change.
      const latest = feed.latest();
      if (latest !== shown) {
        shown = latest;
        now = new PreparedJson(nowStatus(site, latest));
      }
      return now.respond(client, request);
    };
  },
});
