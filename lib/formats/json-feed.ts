/**
 * @module The feed of /now's updates as a JSON Feed (version 1.1, jsonfeed.org): the
 * fields the spec requires (`version`, `title`, `items`; each item's `id` and one of its
 * contents, here `content_text`), those it strongly recommends (`home_page_url`,
 * `feed_url`), the authors, and each item's link and time; where else an item was posted,
 * as the one extension (`_syndication`). Its schema documents the answer in OpenAPI.
 */
import { Type as t } from "@sinclair/typebox";
import type { NowFeed } from "./now-feed.ts";

export const JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1";

/**
 * What the feed's one extension means (JSON Feed 1.1: a custom object, named with a `_`,
 * with an `about` URL that says what it is): where else an item was posted, the
 * microformats' `u-syndication`.
 */
export const SYNDICATION_ABOUT = "https://indieweb.org/u-syndication";

/** The feed as JSON Feed 1.1; `feedUrl` is where it is served. */
export function jsonFeed(feed: NowFeed, feedUrl: string) {
  return {
    version: JSON_FEED_VERSION,
    title: feed.title,
    home_page_url: feed.homePage,
    feed_url: feedUrl,
    description: feed.description,
    authors: [feed.author],
    items: feed.entries.map(({ id, text, url, at, posts }) => ({
      id,
      url,
      content_text: text,
      date_published: at,
      ...(posts.length > 0 && { _syndication: { about: SYNDICATION_ABOUT, posts } }),
    })),
  };
}

/** The answer's schema, for the OpenAPI document. */
export const jsonFeedSchema = () =>
  t.Object(
    {
      version: t.Literal(JSON_FEED_VERSION),
      title: t.String(),
      home_page_url: t.String({ format: "uri", description: "The site's page" }),
      feed_url: t.String({ format: "uri", description: "This feed" }),
      description: t.String(),
      authors: t.Array(t.Object({ name: t.String(), url: t.String({ format: "uri" }) })),
      items: t.Array(
        t.Object({
          id: t.String({ description: "The update's id, kept for good: a URI" }),
          url: t.String({ format: "uri", description: "Where /now is shown: the page's Now section" }),
          content_text: t.String({ description: "What changed, e.g. `Building: a drift monitor`" }),
          date_published: t.String({ format: "date-time", description: "When, RFC 3339 in UTC" }),
          _syndication: t.Optional(
            t.Object(
              {
                about: t.Literal(SYNDICATION_ABOUT),
                posts: t.Array(
                  t.Object({
                    name: t.String({ description: "The service: Bluesky, Mastodon" }),
                    url: t.String({ format: "uri", description: "The post there" }),
                  }),
                ),
              },
              { description: "Where else the update was posted (a JSON Feed extension), when it was" },
            ),
          ),
        }),
        { description: "An item per update of /now, newest first: the newest 50" },
      ),
    },
    { description: "JSON Feed 1.1 (jsonfeed.org/version/1.1)" },
  );
