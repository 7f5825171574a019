/**
 * GET /api/events: the owner's live status as Server-Sent Events, for the page (which keeps
 * its live status current with it) and for programs: at once, then on every change.
 */
import { jsonBody, ok } from "../../lib/docs/responses.ts";
import { CONTENT_TYPE } from "../../lib/http/headers.ts";
import { live } from "../../lib/live/feature.ts";
import { LIVE_SCRIPT } from "../../lib/profile/html/live-script.ts";
import { liveStatus, liveStatusSchema } from "../../lib/profile/model/live-status.ts";
import { defineRoute } from "../../lib/site/site.ts";
import { streams } from "../../lib/streams/feature.ts";
import { refusedAsError } from "../../lib/streams/refusal.ts";
import { serverSentEvent } from "../../lib/streams/server-sent-events.ts";

/**
 * A comment at least this often keeps every proxy on the way from closing a quiet
 * connection (Fly's closes one idle for 60 s).
 */
const KEEP_ALIVE_SECONDS = 20;

/** How long a client waits before it reconnects, in ms: told at once, and again when the server stops. */
const RETRY_MS = 5000;

export const GET = defineRoute({
  detail: {
    summary: "The owner's live status, as Server-Sent Events",
    description:
      "`text/event-stream`: a `status` event at once, and another whenever the status changes (the " +
      "owner's clock to the minute, the latest activity at each live source, the /now status), each " +
      "carrying the status as JSON; a comment every 20 s keeps proxies from closing the connection. " +
      "The stream ends after `LIVE_VIEW_SECONDS` (600 by default), with an `end` event, or when the " +
      "server restarts; either way with a `retry:` hint, by which an `EventSource` reconnects by itself " +
      "(the page's script does not after `end` until the page is looked at again). Open streams are limited in all and per " +
      "client address, with the live views: over either, 503 or 429 with `Retry-After`.",
    tags: ["profile"],
    responses: (site) => ({
      200: ok("The event stream; each event's data is the status", {
        ...jsonBody(liveStatusSchema(), liveStatus(site.content, [], new Date(0)), CONTENT_TYPE.eventStream),
      }),
    }),
  },
  streams: true,
  pageScript: LIVE_SCRIPT,
  setup(site) {
    const feed = site.service(live);
    const eventStreams = site.service(streams).ofKind({
      kind: "events",
      contentType: CONTENT_TYPE.eventStream,
      everyMs: 1000,
      quietSeconds: KEEP_ALIVE_SECONDS * 2,
    });
    return function events({ request, path }) {
      let sent = "";
      // On the stream's clock, which is the site's: what a test moves.
      let quietSince = site.clock();
      /** The status event, when the status is not what was sent last. */
      const changed = (at: Date) => {
        const data = JSON.stringify(liveStatus(site.content, feed.latest(), at));
        if (data === sent) return "";
        sent = data;
        return serverSentEvent({ event: "status", data });
      };
      const opened = eventStreams.open(request, path, {
        first: (at) => `retry: ${RETRY_MS}\n\n${changed(at)}`,
        next(at) {
          const event = changed(at);
          if (event === "" && at.getTime() - quietSince < KEEP_ALIVE_SECONDS * 1000) return "";
          quietSince = at.getTime();
          return event || ": keep-alive\n\n";
        },
        // Its time up, an `end` event: the page's script then stops asking until looked at again.
        last: (ending) =>
          ending === "time_up"
            ? `${serverSentEvent({ event: "end", data: "time_up" })}retry: ${RETRY_MS}\n\n`
            : `retry: ${RETRY_MS}\n\n`,
      });
      if (opened instanceof Response) return opened;
      throw refusedAsError(opened, "event streams and live views");
    };
  },
});
