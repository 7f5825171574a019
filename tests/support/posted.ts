/**
 * Test support: where an update of the fixture owner's was posted, as `bun run post`
 * records it in content/now-history.json: once on Bluesky, once on Mastodon; at made-up
 * addresses, or at the stand-ins (`tests/support/bluesky.ts`, `mastodon.ts`), where its
 * replies are read.
 */
import type { NowHistory, Posted } from "../../lib/content/schemas.ts";
import type { StandInBluesky } from "./bluesky.ts";
import type { StandInMastodon } from "./mastodon.ts";

export const POSTS = [
  {
    service: "bluesky",
    url: "https://bsky.app/profile/did:plc:rinhayashisampleowner2ab/post/3n3gvryqpk2bl",
    id: "at://did:plc:rinhayashisampleowner2ab/app.bsky.feed.post/3n3gvryqpk2bl",
  },
  { service: "mastodon", url: "https://mastodon.example/@rin/113554738921746503", id: "113554738921746503" },
] as const satisfies readonly Posted[];

/** The id of the update the stand-ins' posts are of. */
export const POSTED_UPDATE = "urn:uuid:4f7c2a10-8b1e-4c3d-9a2f-1e5b6c7d8e90";
/** The record key of its Bluesky post, and the id of its Mastodon status. */
export const POST_RKEY = "3n3gvryqpk2bl";
export const STATUS_ID = "113554738921746503";

/** A history whose newest update was posted to the stand-ins, and an older one posted nowhere. */
export function historyPostedTo(bluesky: StandInBluesky, mastodon: StandInMastodon): NowHistory {
  return [
    {
      id: POSTED_UPDATE,
      at: "2026-11-20T08:15:00Z",
      text: "Building: A tide table for the surf school",
      posts: [
        {
          service: "bluesky",
          url: `https://bsky.app/profile/${bluesky.did}/post/${POST_RKEY}`,
          id: `at://${bluesky.did}/app.bsky.feed.post/${POST_RKEY}`,
        },
        { service: "mastodon", url: `${mastodon.url}/@rin/${STATUS_ID}`, id: STATUS_ID },
      ],
    },
    { id: "tag:rin.example,2026:now-1", at: "2026-10-02T17:00:05Z", text: "Status: Back from Ericeira" },
  ];
}
