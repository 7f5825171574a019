/**
 * @module The profile's layout model: what the terminal profile shows, in order, as
 * plain data. Renderers (`lib/ansi/profile.ts`) only decide how it looks.
 */
import type { Content } from "./content/validate.ts";
import { type LocalTime, ownerLocalTime } from "./owner-time.ts";

export interface EndpointHint {
  readonly path: string;
  readonly summary: string;
}

export interface ProfileLayout {
  readonly header: {
    readonly name: string;
    readonly nativeName: string | undefined;
    readonly role: string;
    readonly tagline: string;
    readonly location: string;
    readonly localTime: LocalTime;
  };
  readonly status: {
    readonly line: string;
    readonly updated: string;
    readonly building: readonly string[];
    readonly learning: readonly string[];
  };
  readonly timeline: readonly { years: string; title: string; place: string; detail: string }[];
  readonly skills: readonly { name: string; level: number }[];
  readonly links: readonly { label: string; url: string }[];
  readonly endpoints: readonly EndpointHint[];
  readonly siteUrl: string;
}

const year = (date: string) => date.slice(0, 4);

export function profileLayout(
  content: Content,
  endpoints: readonly EndpointHint[],
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
      localTime: ownerLocalTime(at, profile.location.timezone),
    },
    status: { line: now.status, updated: now.updated, building: now.building, learning: now.learning },
    timeline: profile.experience.map((job) => ({
      years: `${year(job.start)} – ${job.end ? year(job.end) : "now"}`,
      title: job.role,
      place: job.organisation,
      detail: job.summary,
    })),
    skills: profile.skills.map(({ name, level }) => ({ name, level })),
    links: profile.links,
    endpoints,
    siteUrl,
  };
}
