/**
 * @module The site's pages for search engines, in one list: what `/sitemap.xml` lists and
 * what `POST /api/ping-indexnow` submits, so the two can never disagree. The list is the
 * site's root and the pages of `content/site.json`, each with the day its content last
 * changed, taken from the content's own dates rather than from the clock.
 */
import { CONTENT_FILE_NAMES, type Content, ContentError } from "../content/validate.ts";
import { HANDLE, servedPath } from "../http/route.ts";

/** The structured profile's route file path: `/api/<handle>.json` once served. */
const PROFILE_PATH = `/api/${HANDLE}.json`;

export interface SitePage {
  /** Absolute, on the site's host. */
  readonly url: string;
  /** `YYYY-MM-DD`; undefined for a page whose content carries no date. */
  readonly lastmod: string | undefined;
}

type DatedContent = "profile" | "now";

/**
 * The day the content last changed: the latest `updated` of the parts `shown`, all the
 * dated content unless told; undefined for none. ISO days sort as text.
 */
export function lastChanged(
  content: Content,
  shown: readonly DatedContent[] = ["profile", "now"],
): string | undefined {
  return shown
    .map((what) => content[what].updated)
    .sort()
    .at(-1);
}

/**
 * The dated content each page shows, by its route file's path: the profile's `updated`,
 * the /now status's `updated`, or both. A page not listed here (the stack, the docs) has
 * no lastmod: better none than a date that would claim a change that never happened.
 */
const SHOWS: Readonly<Record<string, readonly DatedContent[]>> = {
  "/": ["profile", "now"],
  "/api/curl": ["profile", "now"],
  [PROFILE_PATH]: ["profile"],
  "/api/resume.json": ["profile"],
  "/api/vcard": ["profile"],
  "/api/now": ["now"],
};

/** The pages, root first, each once, in the order `content/site.json` lists them. */
export function sitePages(content: Content, siteUrl: string): SitePage[] {
  const shows = new Map(
    Object.entries(SHOWS).map(([path, shown]) => [servedPath(path, content.profile.handle), shown]),
  );
  const urls = [...new Set([`${siteUrl}/`, ...content.site.pages])];
  return urls.map((url) => {
    const lastmod = lastChanged(content, shows.get(new URL(url).pathname) ?? []);
    return { url, lastmod };
  });
}

/**
 * Refuses a page of `content/site.json` that this site does not answer with 200 for
 * every client: the sitemap would send crawlers, and IndexNow the engines, to a 404.
 * `served` is every path the app answers GET on; `folder` names where the file was read.
 */
export function checkPagesServed(content: Content, served: ReadonlySet<string>, folder?: string): void {
  const profilePath = servedPath(PROFILE_PATH, content.profile.handle);
  content.site.pages.forEach((page, index) => {
    const url = new URL(page);
    if (url.search || url.hash) {
      throw new ContentError(
        CONTENT_FILE_NAMES.site,
        `/pages/${index}`,
        `is ${quoted(page)}: a page is listed without ?query or #fragment`,
        folder,
      );
    }
    if (served.has(url.pathname)) return;
    const hint = /^\/api\/[^/]+\.json$/.test(url.pathname)
      ? `; the profile is served at ${profilePath}, from the handle in ${CONTENT_FILE_NAMES.profile}`
      : "; the JSON index at / lists the paths it serves";
    throw new ContentError(
      CONTENT_FILE_NAMES.site,
      `/pages/${index}`,
      `is ${quoted(page)}, a path this site does not serve${hint}`,
      folder,
    );
  });
}

const quoted = (page: string) => JSON.stringify(page.length > 80 ? `${page.slice(0, 80)}…` : page);
