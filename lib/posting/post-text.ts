/**
 * @module What a post says, within each service's limits: the update's text, then the link
 * to the site. Bluesky counts 300 graphemes (and 3,000 bytes), and a link is a facet
 * whose offsets count UTF-8 bytes; Mastodon counts the server's `max_characters` in
 * graphemes, each URL as `characters_reserved_per_url`. An update too long is cut, with
 * `…`, never the link.
 */
import { cutText, graphemeCount } from "../utils/shown-text.ts";

export const BLUESKY_MAX_GRAPHEMES = 300;
export const BLUESKY_MAX_BYTES = 3000;

const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

/** The Bluesky post's text and its link facet: the update, a blank line, `shown` linking to `link`. */
export function blueskyText(update: string, link: string, shown: string) {
  const tail = `\n\n${shown}`;
  let body = cutText(update, BLUESKY_MAX_GRAPHEMES - graphemeCount(tail));
  // A few hundred emoji may fit the graphemes and not the bytes.
  for (let room = graphemeCount(body); bytes(body + tail) > BLUESKY_MAX_BYTES; room--) {
    body = cutText(update, room);
  }
  const byteStart = bytes(`${body}\n\n`);
  return {
    text: `${body}${tail}`,
    facets: [
      {
        index: { byteStart, byteEnd: byteStart + bytes(shown) },
        features: [{ $type: "app.bsky.richtext.facet#link", uri: link }],
      },
    ],
  };
}

/** The Mastodon status: the update, a blank line, the link, within `maxCharacters`. */
export function mastodonText(update: string, link: string, maxCharacters: number, perUrl: number): string {
  // The update may hold URLs of its own: each counts as `perUrl` too.
  const counted = (text: string) => graphemeCount(text.replace(/https?:\/\/\S+/g, "x".repeat(perUrl)));
  let body = update;
  for (
    let room = graphemeCount(update);
    counted(`${body}\n\n`) + perUrl > maxCharacters && room > 1;
    room--
  ) {
    body = cutText(update, room - 1);
  }
  return `${body}\n\n${link}`;
}
