/**
 * @module The terminal profile as a response, shared by `/api/curl` and the `/`
 * rewrite so both hand out the very same bytes. Re-rendered once a minute, when the
 * owner's local time in its header changes.
 */
import { wantsColour } from "./colour-switch.ts";
import { CACHE_CONTROL } from "./headers.ts";
import { perInterval } from "./per-interval.ts";
import { PreparedText } from "./prepared-response.ts";
import { profileLayout } from "./profile-layout.ts";
import type { AppContext } from "./route.ts";
import { type TerminalRenderer, withTerminalRenderer } from "./terminal-renderer.ts";

type Answer = (request: Request) => Response | Promise<Response>;

// One per app: /api/curl and the / rewrite must hand out the very same bytes.
const perApp = new WeakMap<AppContext, Answer>();

/** Answers a request for the profile, in colour unless it asks for `?nocolor`. */
export function terminalProfile(app: AppContext): Answer {
  let answer = perApp.get(app);
  if (!answer) {
    const current = perInterval(60_000, app.clock, (at, ansi: TerminalRenderer) => {
      const colour = ansi.renderProfile(profileLayout(app.content, app.routes, app.config.siteUrl, at));
      return new PreparedText(colour, ansi.stripColour(colour), CACHE_CONTROL.perMinute, true);
    });
    const respond = (ansi: TerminalRenderer, request: Request) =>
      current(ansi).respond(wantsColour(request), request);
    answer = (request) => withTerminalRenderer(respond, request);
    perApp.set(app, answer);
  }
  return answer;
}
