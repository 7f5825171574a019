/** @module The route that serves the page's script, beside the page rather than in the API's route table. */
import { CACHE_CONTROL, CONTENT_TYPE } from "../../http/headers.ts";
import { PreparedResponse } from "../../http/prepared-response.ts";
import type { ServedRoute } from "../../http/route.ts";
import { LIVE_SCRIPT, LIVE_SCRIPT_PATH } from "./live-script.ts";

export function pageScriptRoute(): ServedRoute {
  const script = new PreparedResponse(LIVE_SCRIPT, {
    contentType: CONTENT_TYPE.javascript,
    cacheControl: CACHE_CONTROL.content,
    etag: true,
    vary: false,
  });
  return { method: "GET", path: LIVE_SCRIPT_PATH, handler: ({ request }) => script.respond(request) };
}
