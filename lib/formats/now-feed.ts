/**
 * @module The feed of /now's updates, as data that both feeds write (`atom.ts` for
 * `/feed.xml`, `json-feed.ts` for `/feed.json`): who it is by, where to read it, and an
 * entry per update of content/now-history.json, newest first. Each entry keeps the id the
 * history gave it, so a reader never sees an update twice, whatever the site's address;
 * and where else the update was posted, when it was (Bluesky, Mastodon).
 */
import type { NowHistory, Posted } from "../content/schemas.ts";
import type { Content } from "../content/site-content.ts";

/** How many updates a feed carries: the newest. A reader polls; what is older, it already has. */
export const FEED_ENTRIES = 50;

/** What each service is called where a feed names it. */
export const SERVICE_NAMES: Readonly<Record<Posted["service"], string>> = {
  bluesky: "Bluesky",
  mastodon: "Mastodon",
};

export interface FeedEntry {
  /** The update's id, from the history: a URI. */
  readonly id: string;
  readonly text: string;
  /** Where a person reads /now: the page's Now section. */
  readonly url: string;
  /** When the update was made: RFC 3339, in UTC. */
  readonly at: string;
  /** Where else it was posted (POSSE), by the service's name: `Bluesky`. */
  readonly posts: readonly { readonly name: string; readonly url: string }[];
}

export interface NowFeed {
  readonly title: string;
  readonly description: string;
  /** The site's page. */
  readonly homePage: string;
  readonly author: { readonly name: string; readonly url: string };
  /** The newest update's time; without any, the day /now was last updated. */
  readonly updated: string;
  readonly entries: readonly FeedEntry[];
}

/** The feed of `history`, the owner's and the site's. */
export function nowFeed({ profile, now }: Content, history: NowHistory, siteUrl: string): NowFeed {
  const homePage = `${siteUrl}/`;
  const entries = history.slice(0, FEED_ENTRIES).map(({ id, at, text, posts = [] }) => ({
    id,
    text,
    url: `${homePage}#now`,
    at,
    posts: posts.map(({ service, url }) => ({ name: SERVICE_NAMES[service], url })),
  }));
  return {
    title: `${profile.name} · now`,
    description: `What ${profile.name} is doing now: each update of the /now status, newest first.`,
    homePage,
    author: { name: profile.name, url: homePage },
    updated: entries[0]?.at ?? `${now.updated}T00:00:00Z`,
    entries,
  };
}
