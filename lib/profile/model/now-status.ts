/**
 * @module What `/api/now` says: the content's /now, the owner's time zone, the latest
 * activity at each live source and what the owner listens to, as last read; the newest
 * update the owner also posted to Bluesky or Mastodon, and the replies there; and its
 * schema, which the OpenAPI document and the MCP server's `get_now` tool both describe it with.
 */
import { type Static, Type as t } from "@sinclair/typebox";
import { NowSchema } from "../../content/schemas.ts";
import type { Content } from "../../content/site-content.ts";
import type { KnownActivity, LiveFeed } from "../../live/feed.ts";
import type { Conversation, Replies } from "../../replies/replies.ts";

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

/** The schema of `/api/now`'s JSON. */
export const nowStatusSchema = () =>
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

export type NowStatus = Static<ReturnType<typeof nowStatusSchema>>;

const timesOf = ({ happenedAt, readAt }: KnownActivity) => ({
  happenedAt: happenedAt.toISOString(),
  readAt: readAt.toISOString(),
});

/** Nothing posted, nothing answered: what an owner who never posted has. */
export const NO_CONVERSATION: Conversation = { update: undefined, replies: [] };

/** /now as `/api/now` answers it, with what the live sources and the replies showed last. */
export function nowStatus(
  content: Content,
  activities: readonly KnownActivity[],
  { update, replies }: Conversation = NO_CONVERSATION,
): NowStatus {
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
}

/**
 * What `build` makes of /now as last read, built again only when a read changes what the
 * feed or the replies show: `latest()` and `conversation()` are the same values until
 * then, so an answer serialised once per change stays right.
 */
export function nowAsLastRead<T>(
  content: Content,
  feed: Pick<LiveFeed, "latest">,
  replies: Pick<Replies, "conversation">,
  build: (now: NowStatus) => T,
): () => T {
  let shown = feed.latest();
  let heard = replies.conversation();
  let built = build(nowStatus(content, shown, heard));
  return function lastRead() {
    const latest = feed.latest();
    const conversation = replies.conversation();
    if (latest !== shown || conversation !== heard) {
      shown = latest;
      heard = conversation;
      built = build(nowStatus(content, latest, conversation));
    }
    return built;
  };
}
