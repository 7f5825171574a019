/**
 * @module The owner's Bluesky account, from `content/profile.json`'s `blueskyDid`: its
 * profile page on Bluesky's app, and whether a link of the owner's already leads to it.
 * The page and humans.txt add the account only when none does: the owner's link wins.
 */

/** Where Bluesky shows an account by its DID, whatever its handle is at the moment. */
const BLUESKY_APP = "bsky.app";

/** The profile page of `did` on Bluesky's app, e.g. `https://bsky.app/profile/did:plc:…`. */
export const blueskyProfileUrl = (did: string): string => `https://${BLUESKY_APP}/profile/${did}`;

/**
 * Whether one of the owner's links is to their Bluesky account: a link to Bluesky's app,
 * or one they labelled Bluesky (another app's view of the account, say).
 *
 * @example
 * if (profile.blueskyDid && !profile.links.some(isBlueskyLink)) ...
 */
export function isBlueskyLink({ label, url }: { readonly label: string; readonly url: string }): boolean {
  return label.trim().toLowerCase() === "bluesky" || (URL.canParse(url) && new URL(url).host === BLUESKY_APP);
}
