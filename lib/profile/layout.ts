/**
 * @module The profile's layout model: what the profile shows, in order, as plain data.
 * Renderers only decide how it looks: `lib/ansi/profile.ts` draws it for terminals,
 * `lib/html/page.ts` for browsers. Both walk `PROFILE_SECTIONS`, so a section added
 * here is a type error in each renderer until it draws it.
 */

import type { Content } from "../content/validate.ts";
import { DOCS_PATH } from "../docs/paths.ts";
import type { RouteSummary } from "../http/route.ts";
import { type LocalTime, ownerLocalTime } from "./owner-time.ts";

/** One endpoint of the API, with a command that calls it. */
export interface EndpointExample {
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  /** `curl https://site/api/now`: what a reader can paste into a terminal. */
  readonly command: string;
}

export interface ProfileLayout {
  readonly header: {
    readonly name: string;
    readonly nativeName: string | undefined;
    readonly role: string;
    readonly tagline: string;
    readonly location: string;
    /** The location's parts, for markup that names them (the page's h-card). */
    readonly city: string;
    readonly country: string;
    readonly localTime: LocalTime;
  };
  readonly status: {
    readonly line: string;
    readonly updated: string;
    readonly building: readonly string[];
    readonly learning: readonly string[];
  };
  readonly timeline: readonly {
    years: string;
    title: string;
    place: string;
    detail: string;
    /** A role that has not ended: its place is the owner's organisation now. */
    current: boolean;
  }[];
  /** Each level a whole percentage from 0 to 100, whatever the content says: renderers draw it as it is. */
  readonly skills: readonly { name: string; level: number }[];
  /** The content's links; the email as one more when no link is to it. */
  readonly links: readonly { label: string; url: string }[];
  readonly api: {
    /** Every route of the app, in the order of the route table. */
    readonly endpoints: readonly EndpointExample[];
    /** The interactive documentation. */
    readonly docs: string;
  };
  readonly siteUrl: string;
}

/** The profile's sections below the header, in the order every renderer shows them. */
export const PROFILE_SECTIONS = [
  { id: "now", title: "Now" },
  { id: "career", title: "Career" },
  { id: "skills", title: "Skills" },
  { id: "links", title: "Links" },
  { id: "try", title: "Try" },
] as const;

export type SectionId = (typeof PROFILE_SECTIONS)[number]["id"];

/** A renderer's drawing of each section: one entry per id, checked by the compiler. */
export type SectionRenderers<Out> = { readonly [id in SectionId]: (layout: ProfileLayout) => Out };

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

export function profileLayout(
  content: Content,
  routes: readonly RouteSummary[],
  siteUrl: string,
  at: Date,
): ProfileLayout {
  const { profile, now } = content;
  return {
    header: {
      name: profile.name,
      nativeName: profile.nativeName,
      role: profile.role,
      tagline: profile.tagline,
      location: `${profile.location.city}, ${profile.location.country}`,
      city: profile.location.city,
      country: profile.location.country,
      localTime: ownerLocalTime(at, profile.location.timezone),
    },
    status: { line: now.status, updated: now.updated, building: now.building, learning: now.learning },
    timeline: profile.experience.map((job) => ({
      years: `${year(job.start)} – ${job.end ? year(job.end) : "now"}`,
      title: job.role,
      place: job.organisation,
      detail: job.summary,
      current: job.end === null,
    })),
    skills: profile.skills.map(({ name, level }) => ({
      name,
      level: Math.min(100, Math.max(0, Math.round(level))),
    })),
    links: withEmail(profile.links, profile.email),
    api: {
      endpoints: routes.map(({ method, path, summary }) => ({
        method,
        path,
        summary,
        command: curlCommand(siteUrl, method, path),
      })),
      docs: `${siteUrl}${DOCS_PATH}`,
    },
    siteUrl,
  };
}
