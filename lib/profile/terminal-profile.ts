/**
 * @module The terminal profile as a response, shared by `/api/curl` and the `/`
 * rewrite so both hand out the very same bytes. Re-rendered once a minute, when the
 * owner's local time in its header changes.
 */
import { CACHE_CONTROL } from "../http/headers.ts";
import type { AppContext } from "../http/route.ts";
import { profileLayout } from "./layout.ts";
import { liveTerminalText, type TextAnswer } from "./terminal-text.ts";

// One per app: /api/curl and the / rewrite must hand out the very same bytes.
const perApp = new WeakMap<AppContext, TextAnswer>();

/** Answers a request for the profile, in colour unless it asks for `?nocolor`. */
export function terminalProfile(app: AppContext): TextAnswer {
  let answer = perApp.get(app);
  if (!answer) {
    answer = liveTerminalText(
      { intervalMs: 60_000, clock: app.clock, cacheControl: CACHE_CONTROL.perMinute, etag: true },
      (ansi, at) => ansi.renderProfile(profileLayout(app.content, app.routes, app.config.siteUrl, at)),
    );
    perApp.set(app, answer);
  }
  return answer;
}
