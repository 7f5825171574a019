/**
 * @module A reply to one of the owner's posts, as every answer shows it. What strangers
 * write is hostile (escape codes, a right-to-left override, markup, ten thousand
 * characters), so every field is made one line of printable text cut at a whole
 * character (`lib/utils/shown-text.ts`) to a length answers can hold. Markup stays text:
 * each renderer escapes it for where it goes.
 */

/** Where a reply was written: the services the owner's updates are posted to. */
export type ReplyService = "bluesky" | "mastodon";

export interface Reply {
  readonly service: ReplyService;
  readonly author: {
    /** What they call themselves: the display name, or the handle when they have none. */
    readonly name: string;
    /** `@ada.bsky.social`, `@ada@mastodon.example` */
    readonly handle: string;
    /** Their profile's page. */
    readonly url: string;
  };
  readonly text: string;
  readonly at: Date;
  /** The reply's own page. */
  readonly url: string;
  /** The id of the update of /now whose post it answers. */
  readonly update: string;
}

/** How much of a reply answers show: a post's length on either service. */
export const REPLY_TEXT_MAX = 300;
/** How much of a name or a handle. */
export const NAME_MAX = 64;

/** An address a reader may follow: http or https, absolute; undefined otherwise. */
export function webAddress(raw: unknown): string | undefined {
  if (typeof raw !== "string" || raw.length > 2000) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
