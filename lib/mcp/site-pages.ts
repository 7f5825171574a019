/**
 * @module The site's pages the MCP server names, found in the route table, each only where
 * the site serves it: the Markdown pages (its resources, and where `search` says a passage
 * is said) and the JSON answers its tools are the same as. A route removed is named nowhere.
 */
import { RESUME_PATH } from "../formats/json-resume.ts";
import { servedUrl, type WholeContent } from "../http/route.ts";
import { NOW_MARKDOWN_PATH } from "../markdown/now.ts";
import { profileMarkdownPath } from "../markdown/profile.ts";
import { RESUME_MARKDOWN_PATH } from "../markdown/resume.ts";
import type { Site } from "../site/site.ts";

/** What the server names of the profile, /now and the résumé: undefined where the site serves none. */
export interface Pages {
  readonly profile: string | undefined;
  readonly now: string | undefined;
  readonly resume: string | undefined;
}

export interface SitePages {
  /** The Markdown pages' URLs. */
  readonly markdown: Pages;
  /** The paths of the JSON answers the tools give the same as. */
  readonly json: Pages;
}

export function sitePages({ config, content, routes }: Site): SitePages {
  const served = (path: string) => servedUrl(config.siteUrl, routes, path);
  const asJson = (whole: WholeContent) =>
    routes.find(({ method, contentAsJson }) => method === "GET" && contentAsJson === whole)?.path;
  return {
    markdown: {
      profile: served(profileMarkdownPath(content.profile.handle)),
      now: served(NOW_MARKDOWN_PATH),
      resume: served(RESUME_MARKDOWN_PATH),
    },
    json: {
      profile: asJson("profile"),
      now: asJson("now"),
      resume: routes.some(({ path }) => path === RESUME_PATH) ? RESUME_PATH : undefined,
    },
  };
}
