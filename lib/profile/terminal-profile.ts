/**
 * @module The profile for terminals, served at `/api/curl` and, to terminals, at `/`:
 * drawn again each minute with the owner's local time and latest activity.
 */
import { CACHE_CONTROL } from "../http/headers.ts";
import type { AppContext } from "../http/route.ts";
import { renderProfile } from "./ansi/index.ts";
import { profileLayout } from "./layout.ts";
import { liveText, type TextAnswer } from "./text-answer.ts";

export function terminalProfile(app: AppContext, path: string): TextAnswer {
  return liveText(
    {
      intervalMs: 60_000,
      clock: app.clock,
      cacheControl: CACHE_CONTROL.perMinute,
      etag: true,
      url: `${app.config.siteUrl}${path}`,
    },
    ({ width, style }, at) =>
      renderProfile(
        profileLayout(app.content, app.routes, app.config.siteUrl, at, app.live.latest()),
        width,
        style,
      ),
  );
}
