/**
 * @module What the MCP server offers, in the site's own terms and schemas, with no SDK in
 * sight: its name and the instructions that say whose site it is, the tools (each an input
 * schema, an output schema from the same TypeBox schemas as the OpenAPI document, and what
 * it answers), and the resources (the Markdown pages, at the URLs the site serves them).
 * Every page it names is one the route table has (`site-pages.ts`).
 */
import { type TObject, Type as t } from "@sinclair/typebox";
import { ProfileSchema, placeOf } from "../content/schemas.ts";
import { jsonResumeSchema, resumeUrl, toJsonResume } from "../formats/json-resume.ts";
import { CONTENT_TYPE } from "../http/headers.ts";
import type { LiveFeed } from "../live/feed.ts";
import { nowMarkdown } from "../markdown/now.ts";
import { profileMarkdown } from "../markdown/profile.ts";
import { resumeMarkdown } from "../markdown/resume.ts";
import { liveStatus, liveStatusSchema } from "../profile/model/live-status.ts";
import { nowStatus, nowStatusSchema } from "../profile/model/now-status.ts";
import type { Replies } from "../replies/replies.ts";
import type { Site } from "../site/site.ts";
import { passages, search, searchInputSchema, searchOutputSchema } from "./search.ts";
import { sitePages } from "./site-pages.ts";

/** What the tools and resources read: the site, and the owner's live activity and replies as last read. */
export interface ToolContext {
  readonly site: Site;
  readonly feed: Pick<LiveFeed, "latest">;
  readonly replies: Pick<Replies, "conversation">;
}

export interface SiteTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: TObject;
  readonly outputSchema: TObject;
  /** The answer, for arguments the input schema has passed. */
  run(args: Record<string, unknown>): Record<string, unknown>;
}

export interface SiteResource {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** Where the site serves the same text. */
  readonly uri: string;
  readonly mimeType: string;
  read(): string;
}

/** A tool takes no arguments: an object with nothing in it. */
const noArguments = () => t.Object({}, { additionalProperties: false });

/** `, as /api/now answers it`, where the site serves that path; nothing where it does not. */
const asAnswered = (path: string | undefined) => (path === undefined ? "" : `, as ${path} answers it`);

/** The tools' names, in the order they are listed: what the metrics count by name. */
export const TOOL_NAMES = ["get_profile", "get_now", "get_resume", "get_status", "search"] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export function siteTools({
  site,
  feed,
  replies,
}: ToolContext): readonly (SiteTool & { readonly name: ToolName })[] {
  const { content, config } = site;
  const { markdown, json } = sitePages(site);
  const now = () => nowStatus(content, feed.latest(), replies.conversation());
  const resume = toJsonResume(content.profile, resumeUrl(config.siteUrl, site.routes));
  // A passage names its Markdown page, or the site itself where it serves none.
  const pageOf = { profile: markdown.profile ?? config.siteUrl, now: markdown.now ?? config.siteUrl };
  return [
    {
      name: "get_profile",
      title: "Profile",
      description: `The owner's structured profile${asAnswered(json.profile)}: name, role, place and time zone, bio, links, skills with levels, experience (newest first), education and spoken languages.`,
      inputSchema: noArguments(),
      outputSchema: ProfileSchema,
      run: () => content.profile,
    },
    {
      name: "get_now",
      title: "Now",
      description: `What the owner is doing now${asAnswered(json.now)}: the status line, what they are building, learning, reading and deliberately not doing, and their latest activity on GitHub and Last.fm as last read.`,
      inputSchema: noArguments(),
      outputSchema: nowStatusSchema(),
      run: now,
    },
    {
      name: "get_resume",
      title: "Résumé",
      description: `The owner's résumé as a JSON Resume document (schema v1.0.0)${asAnswered(json.resume)}.`,
      inputSchema: noArguments(),
      outputSchema: jsonResumeSchema(),
      run: () => resume as unknown as Record<string, unknown>,
    },
    {
      name: "get_status",
      title: "Live status",
      description:
        "The owner's live status, as the event stream sends it: their local time to the minute, the /now status line, what they are building, and their latest activity at each live source with how long ago.",
      inputSchema: noArguments(),
      outputSchema: liveStatusSchema(),
      run: () =>
        liveStatus(content, feed.latest(), new Date(site.clock())) as unknown as Record<string, unknown>,
    },
    {
      name: "search",
      title: "Search the site",
      description:
        "Finds what the site says about something: passages of the bio, each role, skill, degree and language, and each line of /now, with every word of the query, whatever its case and accents; each with where the site says it and the Markdown page that says it.",
      inputSchema: searchInputSchema(),
      outputSchema: searchOutputSchema(),
      run: (args) => search(passages(content, now(), pageOf), args as never),
    },
  ];
}

/** The Markdown pages the site serves, as resources at the same URLs; none it does not serve. */
export function siteResources({ site, feed, replies }: ToolContext): readonly SiteResource[] {
  const { content, config } = site;
  const { profile } = content;
  const { markdown } = sitePages(site);
  const resource = (uri: string | undefined, named: Omit<SiteResource, "uri" | "mimeType">) =>
    uri === undefined ? [] : [{ ...named, uri, mimeType: CONTENT_TYPE.markdown }];
  const profileText = profileMarkdown(profile);
  const resumeText = resumeMarkdown(toJsonResume(profile, resumeUrl(config.siteUrl, site.routes)));
  return [
    ...resource(markdown.profile, {
      name: "profile",
      title: `${profile.name}: profile`,
      description: "The profile in Markdown: every field of the structured profile.",
      read: () => profileText,
    }),
    ...resource(markdown.now, {
      name: "now",
      title: `${profile.name}: now`,
      description: "What the owner is doing now, in Markdown, with their latest activity as last read.",
      read: () => nowMarkdown(profile.name, nowStatus(content, feed.latest(), replies.conversation())),
    }),
    ...resource(markdown.resume, {
      name: "resume",
      title: `${profile.name}: résumé`,
      description: "The résumé in Markdown: the JSON Resume document, field by field.",
      read: () => resumeText,
    }),
  ];
}

/** The server's name, title and version, and the instructions that say whose site it is. */
export function serverIdentity({ site }: Pick<ToolContext, "site">) {
  const { profile } = site.content;
  const { siteUrl } = site.config;
  return {
    info: { name: new URL(siteUrl).host, title: `${profile.name}'s site`, version: site.version },
    instructions:
      `This server speaks for ${profile.name}'s personal website, ${siteUrl}: ${profile.name}, ` +
      `${profile.role}, ${placeOf(profile)}. It is read-only and public. get_profile, get_now, ` +
      "get_resume and get_status answer what the site says, in its JSON; search finds a topic in " +
      "it; the resources are the same pages in Markdown. Quote the owner's words, and say where " +
      "they came from.",
  };
}
