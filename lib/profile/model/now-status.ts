/**
 * @module What `/api/now` says: the content's /now, the owner's time zone, the latest
 * activity at each live source and what the owner listens to, as last read; and its schema,
 * which the OpenAPI document and the MCP server's `get_now` tool both describe it with.
 */
import { type Static, Type as t } from "@sinclair/typebox";
import { NowSchema } from "../../content/schemas.ts";
import type { Content } from "../../content/site-content.ts";
import type { KnownActivity, LiveFeed } from "../../live/feed.ts";

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
    }),
  ]);

export type NowStatus = Static<ReturnType<typeof nowStatusSchema>>;

const timesOf = ({ happenedAt, readAt }: KnownActivity) => ({
  happenedAt: happenedAt.toISOString(),
  readAt: readAt.toISOString(),
});

/** /now as `/api/now` answers it, with what the live sources showed last. */
export function nowStatus(content: Content, activities: readonly KnownActivity[]): NowStatus {
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
}

/**
 * What `build` makes of /now as last read, built again only when a read changes what the
 * feed shows: `latest()` is the same array until then, so an answer serialised once per
 * change stays right.
 */
export function nowAsLastRead<T>(
  content: Content,
  feed: Pick<LiveFeed, "latest">,
  build: (now: NowStatus) => T,
): () => T {
  let shown = feed.latest();
  let built = build(nowStatus(content, shown));
  return function lastRead() {
    const latest = feed.latest();
    if (latest !== shown) {
      shown = latest;
      built = build(nowStatus(content, latest));
    }
    return built;
  };
}
