/**
 * @module The profile's layout model: what the profile shows, in order, as plain data.
 * Renderers only decide how it looks: `ansi/profile.ts` draws it for terminals,
 * `html/page.ts` for browsers. Both walk the sections `PROFILE_SECTIONS` lists (less
 * those with nothing to show), so a section added there is a type error in each
 * renderer until it draws it.
 */

import { placeOf } from "../../content/schemas.ts";
import type { Content } from "../../content/site-content.ts";
import { DOCS_PATH } from "../../docs/paths.ts";
import { SERVICE_NAMES } from "../../formats/now-feed.ts";
import type { PageLink, RouteSummary, WholeContent } from "../../http/route.ts";
import { blueskyProfileUrl, isBlueskyLink } from "../../identity/bluesky.ts";
import { fediverseAccount } from "../../identity/fediverse.ts";
import type { KnownActivity } from "../../live/feed.ts";
import type { Conversation } from "../../replies/replies.ts";
import { ago, type LocalTime, ownerLocalTime } from "./owner-time.ts";
import { PREVIEW_IMAGE, previewAlt, previewCard } from "./preview-card.ts";

/** One endpoint of the API, with a command that calls it. */
export interface EndpointExample {
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  /** `curl https://site/api/now`: what a reader can paste into a terminal. */
  readonly command: string;
  /** A terminal gets the profile itself there. */
  readonly profileForTerminals: boolean;
}

/** The owner's latest activity at a live source, with how long ago it was. */
export interface LiveLine {
  /** `GitHub` */
  readonly source: string;
  /** `pushed to ada-example/engine` */
  readonly text: string;
  readonly url: string;
  /** When it happened, ISO 8601. */
  readonly happenedAt: string;
  /** `12 min ago`; undefined while it goes on (a track playing now). */
  readonly ago: string | undefined;
  /** `checked 2 h ago`, when no read has confirmed it lately (a machine just resumed, a source failing). */
  readonly checked: string | undefined;
}

/** What the answers say of each source's latest activity at `at`. */
export function liveLines(activities: readonly KnownActivity[], at: Date): LiveLine[] {
  return activities.map((activity) => ({
    source: activity.sourceName,
    text: activity.text,
    url: activity.url,
    happenedAt: activity.happenedAt.toISOString(),
    ago: activity.ongoing ? undefined : ago(at.getTime() - activity.happenedAt.getTime()),
    checked:
      at > activity.freshUntil ? `checked ${ago(at.getTime() - activity.readAt.getTime())}` : undefined,
  }));
}

/** Where the newest posted update was posted, each post with its service's name. */
export interface PostedLine {
  readonly text: string;
  /** When the update was made, ISO 8601. */
  readonly at: string;
  readonly posts: readonly { readonly name: string; readonly url: string }[];
}

/** A reply to one of the owner's posts, with how long ago it was written. */
export interface ReplyLine {
  /** `Bluesky` */
  readonly service: string;
  readonly author: string;
  /** `@ada.bsky.social` */
  readonly handle: string;
  readonly authorUrl: string;
  readonly text: string;
  /** When it was written, ISO 8601. */
  readonly at: string;
  /** `2 h ago` */
  readonly ago: string;
  readonly url: string;
}

/** What the answers say of the conversation at `at`: the newest posted update, and the replies. */
export function conversationLines(
  { update, replies }: Conversation,
  at: Date,
): { posted: PostedLine | undefined; replies: ReplyLine[] } {
  return {
    posted: update && {
      text: update.text,
      at: update.at,
      posts: update.posts.map(({ service, url }) => ({ name: SERVICE_NAMES[service], url })),
    },
    replies: replies.map((reply) => ({
      service: SERVICE_NAMES[reply.service],
      author: reply.author.name,
      handle: reply.author.handle,
      authorUrl: reply.author.url,
      text: reply.text,
      at: reply.at.toISOString(),
      ago: ago(Math.max(0, at.getTime() - reply.at.getTime())),
      url: reply.url,
    })),
  };
}

/** A role, or a course of study, on a timeline. */
export interface TimelineEntry {
  /** `2021 – now` */
  readonly years: string;
  readonly title: string;
  readonly place: string;
  readonly detail: string | undefined;
}

export interface CareerEntry extends TimelineEntry {
  readonly detail: string;
  /** Where the work happened, when the content says. */
  readonly location: string | undefined;
  readonly highlights: readonly string[];
  /** A role that has not ended: its place is the owner's organisation now. */
  readonly current: boolean;
}

export interface ProfileLayout {
  readonly header: {
    readonly name: string;
    readonly nativeName: string | undefined;
    readonly pronouns: string | undefined;
    readonly role: string;
    readonly tagline: string;
    readonly bio: string;
    /** Open to what, and when. */
    readonly availability: string | undefined;
    readonly location: string;
    /** The location's parts, for markup that names them (the page's h-card). */
    readonly city: string;
    readonly country: string;
    readonly localTime: LocalTime;
  };
  /** The sections this profile shows, in `PROFILE_SECTIONS` order: none without content. */
  readonly sections: readonly ProfileSection[];
  readonly status: {
    readonly line: string;
    readonly updated: string;
    readonly building: readonly string[];
    readonly learning: readonly string[];
    readonly reading: readonly { title: string; author: string }[];
    readonly notDoing: readonly string[];
    /** The latest activity at each live source, the newest first: none until one is read. */
    readonly live: readonly LiveLine[];
    /** The newest update posted elsewhere (Bluesky, Mastodon), and where; undefined while none is. */
    readonly posted: PostedLine | undefined;
    /** Replies to the owner's latest posts, newest first: none until one is read. */
    readonly replies: readonly ReplyLine[];
  };
  readonly timeline: readonly CareerEntry[];
  readonly education: readonly TimelineEntry[];
  /**
   * The skills by group, groups in the order they first appear; each level a whole
   * percentage from 0 to 100, whatever the content says: renderers draw it as it is.
   */
  readonly skills: readonly { group: string; skills: readonly { name: string; level: number }[] }[];
  readonly languages: readonly { name: string; level: string }[];
  /**
   * The content's links; the fediverse account's profile page as one more when no link is
   * to its server, the Bluesky profile of the DID when none is to Bluesky, and the email
   * when no link is to it. Every one is the owner's own: the page marks each `rel="me"`.
   */
  readonly links: readonly { label: string; url: string }[];
  /** The owner's fediverse address (`@name@server`), which the page names as its creator. */
  readonly fediverse: string | undefined;
  readonly api: {
    /** Every route of the app, in the order of the route table. */
    readonly endpoints: readonly EndpointExample[];
    /** The routes that serve the content whole, every field as JSON. */
    readonly whole: readonly EndpointExample[];
    /** The interactive documentation. */
    readonly docs: string;
    /** The page's `<link>`s to routes (humans.txt as its author file), with their URLs. */
    readonly pageLinks: readonly (PageLink & { readonly href: string })[];
    /** Whether the page loads the routes' scripts: when a route has one (`pageScript`). */
    readonly pageScript: boolean;
  };
  /** The image a link preview shows of the page (`preview-card.ts`): its URL, size, type and alt text. */
  readonly preview: {
    readonly image: string;
    readonly width: number;
    readonly height: number;
    readonly type: string;
    readonly alt: string;
  };
  /** The page a browser gets: every field, drawn. */
  readonly page: string;
  /** When the owner last edited the profile (YYYY-MM-DD). */
  readonly updated: string;
  readonly siteUrl: string;
}

/** The profile's sections below the header, in the order every renderer shows them. */
export const PROFILE_SECTIONS = [
  { id: "now", title: "Now" },
  { id: "career", title: "Career" },
  { id: "education", title: "Education" },
  { id: "skills", title: "Skills" },
  { id: "languages", title: "Languages" },
  { id: "links", title: "Links" },
  { id: "try", title: "Try" },
] as const;

export type ProfileSection = (typeof PROFILE_SECTIONS)[number];
export type SectionId = ProfileSection["id"];

/** A renderer's drawing of each section: one entry per id, checked by the compiler. */
export type SectionRenderers<Out> = { readonly [id in SectionId]: (layout: ProfileLayout) => Out };

/** Whether a section has anything to show; the content's schema keeps the others from being empty. */
const HAS_CONTENT: { readonly [id in SectionId]?: (layout: Omit<ProfileLayout, "sections">) => boolean } = {
  education: ({ education }) => education.length > 0,
};

/** The profile's JSON before the /now status's: the order a reader wants them in. */
const WHOLE_ORDER: readonly WholeContent[] = ["profile", "now"];

const year = (date: string) => date.slice(0, 4);

/** What a shell reads as itself, unquoted (zsh included, where `?` is a pattern). */
const PLAIN_WORD = /^[A-Za-z0-9_.:@=%+,/-]+$/;

/**
 * The command that calls a route: GET is curl's default; other methods are named. A query
 * is given as `-G -d name=value`: curl adds it to the URL, and no word of the command needs
 * quoting or grows wider than the URL alone (a value that would need quoting is quoted).
 * An answer that stays open is asked for with `-N`, so curl shows each part as it comes.
 */
export function curlCommand(siteUrl: string, method: string, path: string, streams = false): string {
  const [route, query] = path.split("?");
  const data = (query ? query.split("&") : []).map((pair) =>
    PLAIN_WORD.test(pair) ? ` -d ${pair}` : ` -d '${pair.replaceAll("'", "'\\''")}'`,
  );
  const how = (streams ? " -N" : "") + (method === "GET" ? (data.length > 0 ? " -G" : "") : ` -X ${method}`);
  return `curl${how} ${siteUrl}${route}${data.join("")}`;
}

type Link = { label: string; url: string };

/** The host of a link, or undefined for one that has none (`mailto:`). */
const hostOf = (url: string) => (/^https?:\/\//.test(url) ? new URL(url).host : undefined);

/**
 * The links; the fediverse account's profile page when none of them is on its server (an
 * owner whose server is not Mastodon links their profile themselves); the Bluesky profile
 * of the DID when none is to it (on Bluesky's app, or labelled Bluesky); and the email as a
 * `mailto:` link when none of them is to it.
 */
function allLinks(profile: Content["profile"]): Link[] {
  const links: Link[] = [...profile.links];
  const onHost = (host: string) => links.some(({ url }) => hostOf(url) === host);
  const fediverse = fediverseAccount(profile);
  if (fediverse && !onHost(fediverse.server)) links.push({ label: "Fediverse", url: fediverse.profileUrl });
  if (profile.blueskyDid && !links.some(isBlueskyLink)) {
    links.push({ label: "Bluesky", url: blueskyProfileUrl(profile.blueskyDid) });
  }
  const mailto = profile.email ? `mailto:${profile.email}` : undefined;
  if (mailto && !links.some(({ url }) => url === mailto)) links.push({ label: "Email", url: mailto });
  return links;
}

/** Skills by group, groups in order of first appearance, levels clamped to whole percentages. */
function skillGroups(skills: Content["profile"]["skills"]): ProfileLayout["skills"] {
  const groups = new Map<string, { name: string; level: number }[]>();
  for (const { name, level, group } of skills) {
    const members = groups.get(group) ?? [];
    members.push({ name, level: Math.min(100, Math.max(0, Math.round(level))) });
    groups.set(group, members);
  }
  return [...groups].map(([group, members]) => ({ group, skills: members }));
}

export function profileLayout(
  content: Content,
  routes: readonly RouteSummary[],
  siteUrl: string,
  at: Date,
  activities: readonly KnownActivity[] = [],
  conversation: Conversation = { update: undefined, replies: [] },
): ProfileLayout {
  const { profile, now } = content;
  const example = ({
    method,
    path,
    examplePath,
    summary,
    profileForTerminals,
    streams,
  }: RouteSummary): EndpointExample => ({
    method,
    path,
    summary,
    command: curlCommand(siteUrl, method, examplePath, streams),
    profileForTerminals: profileForTerminals === true,
  });
  const layout: Omit<ProfileLayout, "sections"> = {
    header: {
      name: profile.name,
      nativeName: profile.nativeName,
      pronouns: profile.pronouns,
      role: profile.role,
      tagline: profile.tagline,
      bio: profile.bio,
      availability: profile.availability,
      location: placeOf(profile),
      city: profile.location.city,
      country: profile.location.country,
      localTime: ownerLocalTime(at, profile.location.timezone),
    },
    status: {
      line: now.status,
      updated: now.updated,
      building: now.building,
      learning: now.learning,
      reading: now.reading,
      notDoing: now.notDoing,
      live: liveLines(activities, at),
      ...conversationLines(conversation, at),
    },
    timeline: profile.experience.map((job) => ({
      years: `${year(job.start)} – ${job.end ? year(job.end) : "now"}`,
      title: job.role,
      place: job.organisation,
      detail: job.summary,
      location: job.location,
      highlights: job.highlights,
      current: job.end === null,
    })),
    education: profile.education.map((course) => ({
      years: `${year(course.start)} – ${year(course.end)}`,
      title: course.degree,
      place: course.institution,
      detail: course.note,
    })),
    skills: skillGroups(profile.skills),
    languages: profile.languages,
    links: allLinks(profile),
    fediverse: fediverseAccount(profile)?.address,
    api: {
      endpoints: routes.map(example),
      whole: WHOLE_ORDER.flatMap((content) =>
        routes.filter((route) => route.method === "GET" && route.contentAsJson === content).map(example),
      ),
      docs: `${siteUrl}${DOCS_PATH}`,
      pageLinks: routes.flatMap(({ path, pageLink }) =>
        pageLink ? [{ ...pageLink, href: `${siteUrl}${path}` }] : [],
      ),
      pageScript: routes.some(({ pageScript }) => pageScript !== undefined),
    },
    preview: {
      image: `${siteUrl}${PREVIEW_IMAGE.path}`,
      width: PREVIEW_IMAGE.width,
      height: PREVIEW_IMAGE.height,
      type: PREVIEW_IMAGE.type,
      alt: previewAlt(previewCard(content, siteUrl, at)),
    },
    page: `${siteUrl}/`,
    updated: profile.updated,
    siteUrl,
  };
  const sections = PROFILE_SECTIONS.filter(({ id }) => HAS_CONTENT[id]?.(layout) ?? true);
  return { ...layout, sections };
}
