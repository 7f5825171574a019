/**
 * GET /api/now: what the owner is building, learning, reading, and not doing, what they
 * did lately at each live source (GitHub), and what they listen to (Last.fm), as last read;
 * the newest update they also posted to Bluesky or Mastodon, and the replies there.
 */
import { jsonBody, markdownBody, ok } from "../../lib/docs/responses.ts";
import { PreparedJson } from "../../lib/http/prepared-response.ts";
import { live } from "../../lib/live/feature.ts";
import type { KnownActivity } from "../../lib/live/feed.ts";
import { nowMarkdown } from "../../lib/markdown/now.ts";
import { preparedMarkdown } from "../../lib/markdown/prepared-markdown.ts";
import { nowAsLastRead, nowStatus, nowStatusSchema } from "../../lib/profile/model/now-status.ts";
import { replies } from "../../lib/replies/feature.ts";
import type { Conversation } from "../../lib/replies/replies.ts";
import { defineRoute, type Site } from "../../lib/site/site.ts";

/** /now with what a GitHub link and a Last.fm key show, for the document's examples. */
const example = (site: Site) => nowStatus(site.content, exampleActivity(site), exampleConversation(site));

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
      "are read in the background: this answer never waits for one. An `Accept` that prefers " +
      "`text/markdown` gets the same as Markdown.",
    tags: ["profile"],
    responses: (site) => ({
      200: ok(
        "The /now status, as JSON or Markdown",
        {
          ...jsonBody(nowStatusSchema(), example(site)),
          ...markdownBody(nowMarkdown(site.content.profile.name, example(site))),
        },
        true,
      ),
    }),
  },
  contentAsJson: "now",
  featured: true,
  sitemap: ["now"],
  llmsTxt: "optional",
  setup(site) {
    const answers = nowAsLastRead(site.content, site.service(live), site.service(replies), (now) => ({
      json: new PreparedJson(now),
      markdown: preparedMarkdown(nowMarkdown(site.content.profile.name, now), "negotiated"),
    }));
    return function nowAnswer({ client, request }) {
      const { json, markdown } = answers();
      return client.markdown ? markdown.respond(request) : json.respond(client, request);
    };
  },
});
