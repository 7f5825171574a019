/**
 * @module The profile's layout for this site at an instant: its content and routes, with
 * what the live feed and the replies show as last read. Every drawing of the profile (the
 * page, the terminal's, the SSH door's) takes it from here.
 */
import { live } from "../live/feature.ts";
import { replies as repliesFeature } from "../replies/feature.ts";
import type { Site } from "../site/site.ts";
import { type ProfileLayout, profileLayout } from "./model/layout.ts";

/** The layout of `site`'s profile at `at`, reading the live feed and the replies as last read. */
export function siteLayout(site: Site): (at: Date) => ProfileLayout {
  const feed = site.service(live);
  const replies = site.service(repliesFeature);
  return (at) =>
    profileLayout(site.content, site.routes, site.config.siteUrl, at, feed.latest(), replies.conversation());
}
