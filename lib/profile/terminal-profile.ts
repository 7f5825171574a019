/**
 * @module The profile for terminals, served at `/api/curl` and, to terminals, at `/`:
 * drawn again each minute with the owner's local time and latest activity.
 */
import { CACHE_CONTROL } from "../http/headers.ts";
import type { Site } from "../site/site.ts";
import { renderProfile } from "./ansi/index.ts";
import { siteLayout } from "./site-layout.ts";
import { liveText, type TextAnswer } from "./text-answer.ts";

export function terminalProfile(site: Site, path: string): TextAnswer {
  const layoutAt = siteLayout(site);
  return liveText(
    {
      intervalMs: 60_000,
      clock: site.clock,
      cacheControl: CACHE_CONTROL.perMinute,
      etag: true,
      url: `${site.config.siteUrl}${path}`,
    },
    ({ width, style }, at) => renderProfile(layoutAt(at), width, style),
  );
}
