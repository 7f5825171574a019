/**
 * @module The terminal profile as a response, shared by `/api/curl` and the `/`
 * rewrite so both hand out the very same bytes. Re-rendered once a minute, when the
 * owner's local time in its header changes.
 */
import { renderProfile, stripColour } from "./ansi/index.ts";
import { CACHE_CONTROL } from "./headers.ts";
import { perInterval } from "./per-interval.ts";
import { PreparedText } from "./prepared-response.ts";
import { profileLayout } from "./profile-layout.ts";
import type { AppContext } from "./route.ts";

// One per app: /api/curl and the / rewrite must hand out the very same bytes.
const perApp = new WeakMap<AppContext, () => PreparedText>();

export function terminalProfile(app: AppContext): () => PreparedText {
  let current = perApp.get(app);
  if (!current) {
    current = perInterval(60_000, app.clock, (at) => {
      const colour = renderProfile(profileLayout(app.content, app.routes, app.config.siteUrl, at));
      return new PreparedText(colour, stripColour(colour), CACHE_CONTROL.perMinute, true);
    });
    perApp.set(app, current);
  }
  return current;
}
