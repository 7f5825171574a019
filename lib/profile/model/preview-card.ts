/**
 * @module The preview card: what a link preview (Slack, Mastodon, Bluesky, ...) shows when
 * the site's link is shared: the owner's name, role, place and time zone, and the /now
 * status. `lib/preview/` draws it as a PNG; the page's head names that image (`og:image`),
 * with its size, and these same words as its alt text.
 */
import { placeOf } from "../../content/schemas.ts";
import type { Content } from "../../content/site-content.ts";
import { ownerLocalTime } from "./owner-time.ts";

/** Where the image is, its size and type: the size link previews draw a large card at (1.91:1). */
export const PREVIEW_IMAGE = { path: "/preview.png", width: 1200, height: 630, type: "image/png" } as const;

export interface PreviewCard {
  readonly name: string;
  /** The name in the owner's own script, drawn beside it where the image's fonts have it. */
  readonly nativeName: string | undefined;
  readonly role: string;
  /** `Lisbon, Portugal` */
  readonly place: string;
  /** The owner's offset from UTC now (`GMT`, `GMT+1`): a clock would make the card change every minute. */
  readonly offset: string;
  /** The /now status line. */
  readonly status: string;
  /** The site's host, as a person types it: `rin.example`. */
  readonly site: string;
}

/** The card for this owner at `at`: it changes with the content, and with the offset at daylight saving time. */
export function previewCard({ profile, now }: Content, siteUrl: string, at: Date): PreviewCard {
  return {
    name: profile.name,
    nativeName: profile.nativeName,
    role: profile.role,
    place: placeOf(profile),
    offset: ownerLocalTime(at, profile.location.timezone).offset,
    status: now.status,
    site: new URL(siteUrl).host,
  };
}

/** The card in words, for whoever cannot see it: the image's alt text. */
export function previewAlt({ name, role, place, offset, status }: PreviewCard): string {
  return `${name}, ${role}, in ${place} (${offset}). Now: ${status}`;
}
