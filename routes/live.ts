/**
 * GET /live: the owner's live status, redrawn in place every second for a person at a
 * terminal (`curl -N site/live`) until `LIVE_VIEW_SECONDS` are up; the page for browsers;
 * the status once, as JSON, for programs.
 */
import { htmlBody, jsonBody, ok, textBody } from "../lib/docs/responses.ts";
import { CACHE_CONTROL, CONTENT_TYPE } from "../lib/http/headers.ts";
import { uncachedJson } from "../lib/http/prepared-response.ts";
import { live as liveFeature } from "../lib/live/feature.ts";
import { PLAIN, paletteFor, styleOf } from "../lib/profile/ansi/index.ts";
import { drawnOver, liveViewLines, viewLength } from "../lib/profile/ansi/live-view.ts";
import { browserPage } from "../lib/profile/browser.ts";
import { liveStatus, liveStatusSchema } from "../lib/profile/model/live-status.ts";
import { fixedText } from "../lib/profile/text-answer.ts";
import { queryOf, switchesIn, switchParameters } from "../lib/profile/text-switches.ts";
import { defineRoute } from "../lib/site/site.ts";
import { streams } from "../lib/streams/feature.ts";
import { refusedAsText } from "../lib/streams/refusal.ts";

export const GET = defineRoute({
  detail: {
    summary: "The owner's live status, redrawn in place",
    description:
      "For a terminal (`curl -N`): the owner's clock to the second, an online mark that pulses, " +
      "the latest activity at each live source with its age, and the /now status, drawn over itself " +
      "every second (cursor home, each line cleared: the screen does not scroll) until `LIVE_VIEW_SECONDS` " +
      "(600 by default) are up, when a last line says how to come back. The text switches work as on " +
      "every text answer. Browsers get the page at `/`, which keeps its own live status current; programs " +
      "get the status once as JSON. Open views are limited in all and per " +
      "client address: over either, 503 or 429 with `Retry-After`.",
    tags: ["profile"],
    parameters: switchParameters(),
    responses: (site) => ({
      200: ok("The view, streamed; the page; or the status, once", {
        ...textBody(
          drawnOver(
            liveViewLines(
              { status: liveStatus(site.content, [], new Date(0)), seconds: "00", pulse: true, endsIn: 600 },
              80,
              PLAIN,
            ),
            false,
          ),
        ),
        ...htmlBody("<!doctype html>…"),
        ...jsonBody(liveStatusSchema(), liveStatus(site.content, [], new Date(0))),
      }),
      429: ok("This client address holds as many views as it may", textBody("…\n")),
      503: ok("As many views are open as the site allows", textBody("…\n")),
    }),
  },
  streams: true,
  setup(site) {
    const url = `${site.config.siteUrl}/live`;
    const page = browserPage(site);
    // `?help` is the one text that is not the view: the switches' help, with no text of its own above it.
    const help = fixedText({ url, cacheControl: CACHE_CONTROL.noStore }, () => "");
    const feed = site.service(liveFeature);
    const open = site.service(streams);
    const { seconds } = open.config;
    const views = open.ofKind({
      kind: "view",
      contentType: CONTENT_TYPE.text,
      everyMs: 1000,
      quietSeconds: 10,
    });
    return function live({ client, request, path }) {
      const at = () => new Date(site.clock());
      if (client.wants === "html") return page(request);
      if (client.wants === "json") {
        return uncachedJson(liveStatus(site.content, feed.latest(), at()), {
          pretty: client.prettyJson,
        });
      }
      const switches = switchesIn(queryOf(request.url));
      if (switches.help) return help(request);
      const style = switches.colour ? styleOf(paletteFor(switches.theme, switches.truecolor)) : PLAIN;
      const endsAt = Date.now() + seconds * 1000;
      let frames = 0;
      const frame = (when: Date) => {
        const lines = liveViewLines(
          {
            status: liveStatus(site.content, feed.latest(), when),
            seconds: String(when.getUTCSeconds()).padStart(2, "0"),
            pulse: frames % 2 === 0,
            endsIn: (endsAt - Date.now()) / 1000,
          },
          switches.width,
          style,
        );
        return drawnOver(lines, frames++ === 0);
      };
      const opened = views.open(request, path, {
        first: frame,
        next: frame,
        last: (ending) =>
          ending === "time_up"
            ? `\n  The live view ends after ${viewLength(seconds)}. Come back with: curl -N ${url}\n`
            : "\n  The site is restarting; run the same command again in a few seconds.\n",
      });
      return opened instanceof Response ? opened : refusedAsText(opened, "live views");
    };
  },
});
