/**
 * @module The IndexNow key file, `GET /<key>.txt`: its body is the key, which is how an
 * engine checks that whoever submitted URLs controls the host. Served at the one exact
 * path the configured key names, so every other `*.txt` guess is a plain 404, and not
 * at all when no key is configured.
 */
import { CACHE_CONTROL, CONTENT_TYPE } from "../http/headers.ts";
import { PreparedResponse } from "../http/prepared-response.ts";
import type { ServedRoute } from "../http/route.ts";

/** Where the engines look for the key: the protocol's default `keyLocation`. */
export const keyFilePath = (key: string): string => `/${key}.txt`;

export function keyFileRoutes(key: string | undefined): ServedRoute[] {
  if (key === undefined) return [];
  // The body is the key and nothing else (no newline): the engine compares it verbatim.
  const file = new PreparedResponse(key, {
    contentType: CONTENT_TYPE.text,
    cacheControl: CACHE_CONTROL.keyFile,
    etag: true,
    // The same bytes for every client.
    vary: false,
  });
  return [
    {
      method: "GET",
      path: keyFilePath(key),
      handler: function indexNowKey({ request }) {
        return file.respond(request);
      },
    },
  ];
}
