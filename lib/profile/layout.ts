/**
 * @module The profile's layout model: what the profile shows, in order, as plain data.
 * Renderers only decide how it looks: `ansi/profile.ts` draws it for terminals,
 * `html/page.ts` for browsers. Both walk the sections `PROFILE_SECTIONS` lists (less
 * those with nothing to show), so a section added there is a type error in each
 * renderer until it draws it.
 */

import type { Content } from "../content/validate.ts";
import { DOCS_PATH } from "../docs/paths.ts";
import type { RouteSummary, WholeContent } from "../http/route.ts";
import { type LocalTime, ownerLocalTime } from "./owner-time.ts";

/** One endpoint of the API, with a command that calls it. */
export interface EndpointExample {
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  /** `curl https://site/api/now`: what a reader can paste into a terminal. */
  readonly command: string;
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
  };
  readonly timeline: readonly CareerEntry[];
  readonly education: readonly TimelineEntry[];
  /**
   * The skills by group, groups in the order they first appear; each level a whole
   * percentage from 0 to 100, whatever the content says: renderers draw it as it is.
   */
  readonly skills: readonly { group: string; skills: readonly { name: string; level: number }[] }[];
  readonly languages: readonly { name: string; level: string }[];
  /** The content's links; the email as one more when no link is to it. */
  readonly links: readonly { label: string; url: string }[];
  readonly api: {
    /** Every route of the app, in the order of the route table. */
    readonly endpoints: readonly EndpointExample[];
    /** The routes that serve the content whole, every field as JSON. */
    readonly whole: readonly EndpointExample[];
    /** The interactive documentation. */
    readonly docs: string;
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

/** The command that calls a route: GET is curl's default; other methods are named. */
export function curlCommand(siteUrl: string, method: string, path: string): string {
  return method === "GET" ? `curl ${siteUrl}${path}` : `curl -X ${method} ${siteUrl}${path}`;
}

/** The links, and the email as a `mailto:` link when none of them is to it. */
function withEmail(links: readonly { label: string; url: string }[], email: string | undefined) {
  const mailto = email ? `mailto:${email}` : undefined;
  return mailto && !links.some(({ url }) => url === mailto)
    ? [...links, { label: "Email", url: mailto }]
    : links;
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
): ProfileLayout {
  const { profile, now } = content;
  const example = ({ method, path, summary }: RouteSummary): EndpointExample => ({
    method,
    path,
    summary,
    command: curlCommand(siteUrl, method, path),
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
      location: `${profile.location.city}, ${profile.location.country}`,
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
    links: withEmail(profile.links, profile.email),
    api: {
      endpoints: routes.map(example),
      whole: WHOLE_ORDER.flatMap((content) =>
        routes.filter((route) => route.method === "GET" && route.servesWhole === content).map(example),
      ),
      docs: `${siteUrl}${DOCS_PATH}`,
    },
    page: `${siteUrl}/`,
    updated: profile.updated,
    siteUrl,
  };
  const sections = PROFILE_SECTIONS.filter(({ id }) => HAS_CONTENT[id]?.(layout) ?? true);
  return { ...layout, sections };
}
