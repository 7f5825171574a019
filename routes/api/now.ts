/**
 * GET /api/now: what the owner is building, learning, reading, and not doing, what they
 * did lately at each live source (GitHub), and what they listen to (Last.fm), as last read;
 * the newest update they also posted to Bluesky or Mastodon, and the replies there.
 */
import { Type as t } from "@sinclair/typebox";
import { NowSchema } from "../../lib/content/schemas.ts";
import { jsonBody, notModified, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { live } from "../../lib/live/feature.ts";
import type { KnownActivity } from "../../lib/live/feed.ts";
import type { Conversation } from "../../lib/replies/conversation.ts";
import { replies } from "../../lib/replies/feature.ts";
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

const postedSchema = () =>
  t.Object(
    {
      id: t.String({ description: "The update's id, as the feeds give it" }),
      at: t.String({ format: "date-time", description: "When the update was made" }),
      text: t.String({ description: "What changed, e.g. `Building: a drift monitor`" }),
      posts: t.Array(
        t.Object({
          service: t.Union([t.Literal("bluesky"), t.Literal("mastodon")]),
          url: t.String({ format: "uri", description: "The post there" }),
        }),
      ),
    },
    {
      description:
        "The newest update of /now the owner also posted to Bluesky or Mastodon, and where; absent while none is",
    },
  );

const replySchema = () =>
  t.Object({
    service: t.Union([t.Literal("bluesky"), t.Literal("mastodon")], { description: "Where it was written" }),
    author: t.Object({
      name: t.String({ description: "Their display name, or their handle" }),
      handle: t.String({ description: "`@ada.bsky.social`, `@ada@mastodon.example`" }),
      url: t.String({ format: "uri", description: "Their profile" }),
    }),
    text: t.String({
      description: "What they wrote, as plain text on one line: at most 300 characters, markup not rendered",
    }),
    at: t.String({ format: "date-time", description: "When it was written" }),
    url: t.String({ format: "uri", description: "The reply itself" }),
    update: t.String({ description: "The id of the update whose post it answers" }),
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
      listening: t.Optional(listeningSchema()),
      update: t.Optional(postedSchema()),
      replies: t.Optional(
        t.Array(replySchema(), {
          description:
            "Replies to the owner's latest posted updates, newest first, at most 10; absent until one is read",
        }),
      ),
    }),
  ]);

const timesOf = ({ happenedAt, readAt }: KnownActivity) => ({
  happenedAt: happenedAt.toISOString(),
  readAt: readAt.toISOString(),
});

const nowStatus = (
  { content }: Site,
  activities: readonly KnownActivity[],
  { update, replies }: Conversation,
) => {
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
    ...(update && {
      update: {
        id: update.id,
        at: update.at,
        text: update.text,
        posts: update.posts.map(({ service, url }) => ({ service, url })),
      },
    }),
    ...(replies.length > 0 && {
      replies: replies.map(({ at, ...reply }) => ({ ...reply, at: at.toISOString() })),
    }),
  };
};

/** An update posted to both services, and a reply to it, for the document's example. */
const exampleConversation = (site: Site): Conversation => {
  const did = site.content.profile.blueskyDid ?? "did:plc:ewvi7nxzyoun6zhxrhs64oiz";
  const update = {
    id: "urn:uuid:30004801-e70b-4441-a6c6-a2e2933a7be6",
    at: "2026-11-21T09:12:40Z",
    text: `Status: ${site.content.now.status}`,
    posts: [
      {
        service: "bluesky" as const,
        url: `https://bsky.app/profile/${did}/post/3n3gvryqpk2bl`,
        id: `at://${did}/app.bsky.feed.post/3n3gvryqpk2bl`,
      },
    ],
  };
  return {
    update,
    replies: [
      {
        service: "bluesky",
        author: {
          name: "Ada",
          handle: "@ada.bsky.social",
          url: "https://bsky.app/profile/did:plc:44ybard66vv44zksje25o7dz",
        },
        text: "Good luck with the harness!",
        at: new Date("2026-11-21T10:02:11Z"),
        url: "https://bsky.app/profile/did:plc:44ybard66vv44zksje25o7dz/post/3n3gw2aqlkc2x",
        update: update.id,
      },
    ],
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
      "playing now, or last played); and the newest update the owner also posted to Bluesky or " +
      "Mastodon (`update`, with where) and the replies written there (`replies`). Sources and replies " +
      "are read in the background: this answer never waits for one.",
    tags: ["profile"],
    responses: (site) => ({
      200: ok(
        "The /now status",
        jsonBody(nowSchema(), nowStatus(site, exampleActivity(site), exampleConversation(site))),
        true,
      ),
      304: notModified,
    }),
  },
  contentAsJson: "now",
  featured: true,
  sitemap: ["now"],
  setup(site) {
    const feed = site.service(live);
    const talk = site.service(replies);
    let shown = feed.latest();
    let heard = talk.conversation();
    let now = new PreparedJson(nowStatus(site, shown, heard));
    return function nowAnswer({ client, request }) {
      // The same values until a read changes what is known: serialised once per change.
      const latest = feed.latest();
      const conversation = talk.conversation();
      if (latest !== shown || conversation !== heard) {
        shown = latest;
        heard = conversation;
        now = new PreparedJson(nowStatus(site, latest, conversation));
      }
      return now.respond(client, request);
    };
  },
});
