/**
 * @module The profile for terminals, served at `/api/curl` and, to terminals, at `/`:
 * drawn again each minute with the owner's local time and latest activity.
 */
import { CACHE_CONTROL } from "../http/headers.ts";
import { live } from "../live/feature.ts";
import { replies } from "../replies/feature.ts";
import type { Site } from "../site/site.ts";
import { renderProfile } from "./ansi/index.ts";
import { profileLayout } from "./model/layout.ts";
import { liveText, type TextAnswer } from "./text-answer.ts";

export function terminalProfile(site: Site, path: string): TextAnswer {
  const feed = site.service(live);
  const talk = site.service(replies);
  return liveText(
    {
      intervalMs: 60_000,
      clock: site.clock,
      cacheControl: CACHE_CONTROL.perMinute,
      etag: true,
      url: `${site.config.siteUrl}${path}`,
    },
    ({ width, style }, at) =>
      renderProfile(
        profileLayout(site.content, site.routes, site.config.siteUrl, at, feed.latest(), talk.conversation()),
        width,
        style,
      ),
  );
}
