/**
 * Test support: replies that shows what a test says it read, for the answers that draw
 * them (the page, the terminal profile, /api/now). How the replies are read is tested
 * against the stand-ins (`tests/replies/`); this is what the service hands the answers.
 */
import type { Conversation, Replies } from "../../lib/replies/replies.ts";
import { FIXED_NOW } from "./app.ts";
import { POSTS } from "./posted.ts";

/** The fixture owner's latest update, posted to both services, and two replies to it. */
export const CONVERSATION: Conversation = {
  update: {
    id: "urn:uuid:30004801-e70b-4441-a6c6-a2e2933a7be6",
    at: "2026-11-14T09:12:40Z",
    text: "Status: Rebuilding our eval harness; learning to surf, badly",
    posts: POSTS,
  },
  replies: [
    {
      service: "mastodon",
      author: { name: "Ana", handle: "@ana@other.example", url: "https://other.example/@ana" },
      text: "Surf & harness, at last <3",
      at: new Date(FIXED_NOW.getTime() - 20 * 60_000),
      url: "https://other.example/@ana/113554738921746600",
      update: "urn:uuid:30004801-e70b-4441-a6c6-a2e2933a7be6",
    },
    {
      service: "bluesky",
      author: {
        name: "Ada",
        handle: "@ada.bsky.social",
        url: "https://bsky.app/profile/did:plc:adaadaadaadaadaadaadaada",
      },
      text: "Good luck with the harness!",
      at: new Date(FIXED_NOW.getTime() - 3 * 3600_000),
      url: "https://bsky.app/profile/did:plc:adaadaadaadaadaadaadaada/post/3n3gw2aqlkc2x",
      update: "urn:uuid:30004801-e70b-4441-a6c6-a2e2933a7be6",
    },
  ],
};

/** Replies that show `conversation`, and read nothing. */
export function shownConversation(conversation: Conversation = CONVERSATION): Replies {
  return {
    conversation: () => conversation,
    health: () => [],
    refresh: async () => {},
    start: () => {},
    stop: () => {},
  };
}
