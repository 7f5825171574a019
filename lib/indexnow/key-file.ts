/**
 * @module The IndexNow key file, `GET /<key>.txt`: its body is the key, which is how an
 * engine checks that whoever submitted URLs controls the host. Registered at start-up
 * under the one exact path the configured key names, so every other `*.txt` guess is a
 * plain 404, and nothing at all is served when no key is configured.
 */
import { Elysia } from "elysia";
import { CONTENT_TYPE } from "../http/headers.ts";
import { PreparedResponse } from "../http/prepared-response.ts";
import { synchronousHandler } from "../http/synchronous-handler.ts";

/** Where the engines look for the key: the protocol's default `keyLocation`. */
export const keyFilePath = (key: string): string => `/${key}.txt`;

export function indexNowKeyFile(key: string | undefined) {
  const plugin = new Elysia({ name: "indexnow-key-file", seed: key ?? "" });
  if (key === undefined) return plugin;
  // The body is the key and nothing else (no newline): the engine compares it verbatim.
  const file = new PreparedResponse(key, {
    contentType: CONTENT_TYPE.text,
    cacheControl: "public, max-age=3600",
    etag: true,
  });
  return plugin.get(
    keyFilePath(key),
    synchronousHandler(function indexNowKey({ request }) {
      return file.respond(request);
    }),
  );
}
