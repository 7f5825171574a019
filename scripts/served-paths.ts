/**
 * @module The GET paths a server serves, worked out from the environment it was started
 * with, for the tools that ask a server process for every route (the soak, the memory bench).
 */

import { contentFilesOf } from "../lib/app/app.ts";
import { readContent } from "../lib/content/site-content.ts";
import { type Env, loadConfig } from "../lib/runtime/config.ts";
import { examplePaths } from "../lib/site/site.ts";
import { routes } from "../routes/_manifest.gen.ts";

/**
 * Every GET route a server started with `env` serves, as a person tries it (with the query
 * it needs; none its owner has nothing at): read from its configuration as the server
 * reads it, so `CONTENT_DIR`'s owner and `SITE_URL` (or the port it defaults to) count.
 *
 * @example
 * serverGetPaths(server.env); // ["/", "/api/ping", …, "/.well-known/webfinger?resource=acct:…"]
 */
export function serverGetPaths(env: Env): string[] {
  const config = loadConfig(env);
  return examplePaths(routes, readContent(contentFilesOf(config), config.siteUrl), config.siteUrl);
}
