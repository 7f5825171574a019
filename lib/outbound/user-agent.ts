/**
 * @module How the site names itself to the services it reads: GitHub asks for a User-Agent
 * that names the application, and an operator who sees its requests finds whose they are.
 */
import type { Site } from "../site/site.ts";

/** `site-api/<version> (+SITE_URL)`. */
export function siteUserAgent(site: Pick<Site, "version" | "config">): string {
  return `site-api/${site.version} (+${site.config.siteUrl})`;
}
