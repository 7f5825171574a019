/**
 * @module humans.txt (humanstxt.org): the person behind the site and what it is built
 * with, as plain text for people. The owner, their role, place, contact and links come
 * from the profile; the site's part from `content/stack.json`; "Last update" is the
 * latest of the content's own dates, in the initiative's YYYY/MM/DD.
 */
import { placeOf, type Stack } from "../content/schemas.ts";
import type { Content } from "../content/site-content.ts";
import { lastChanged } from "../crawlers/site-pages.ts";
import { isBlueskyLink } from "./bluesky.ts";
import { fediverseAccount } from "./fediverse.ts";

/** `Label: value` lines; a value that is empty leaves its line out. */
const lines = (fields: readonly (readonly [string, string | undefined])[]) =>
  fields.flatMap(([label, value]) => (value ? [`${label}: ${value}`] : []));

/** The day the content last changed, `2026-11-20` → `2026/11/20`; all of it is dated. */
const lastUpdate = (content: Content): string => (lastChanged(content) as string).replaceAll("-", "/");

export function renderHumansTxt(content: Content, stack: Stack, siteUrl: string): string {
  const { profile } = content;
  const email = profile.email ? `mailto:${profile.email}` : undefined;
  const name = profile.nativeName ? `${profile.name} (${profile.nativeName})` : profile.name;
  const team = lines([
    ["Owner", name],
    ["Pronouns", profile.pronouns],
    ["Role", profile.role],
    ["Location", placeOf(profile)],
    ["Contact", profile.email],
    ...profile.links
      .filter(({ url }) => url !== email)
      .map(({ label, url }): [string, string] => [label, url.replace(/^mailto:/, "")]),
    ["Fediverse", fediverseAccount(profile)?.address],
    // The site's domain is the owner's Bluesky handle once /.well-known/atproto-did names their
    // DID; a link of the owner's to their Bluesky has said where it is already, in their words.
    [
      "Bluesky",
      profile.blueskyDid && !profile.links.some(isBlueskyLink) ? `@${new URL(siteUrl).hostname}` : undefined,
    ],
  ]);
  const site = lines([
    ["Last update", lastUpdate(content)],
    ["Language", "English"],
    ["Site", `${siteUrl}/`],
    ["Framework", stack.framework],
    ["Runtime", stack.runtime],
    ["Written in", stack.language],
    ["Styling", stack.styling],
    ["Typography", stack.typography],
    ["Deployment", stack.deployment],
  ]);
  return ["/* TEAM */", ...team, "", "/* SITE */", ...site, ""].join("\n");
}
