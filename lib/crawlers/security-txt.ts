/**
 * @module security.txt (RFC 9116): where to report a vulnerability, in which languages,
 * and until when this file is to be trusted. The contact and the languages come from the
 * profile; the expiry from the release, so a site left undeployed for a year says so.
 */
import type { Profile } from "../content/schemas.ts";
import { languageTag } from "../formats/iso-codes.ts";

export const SECURITY_TXT_PATH = "/.well-known/security.txt";

/**
 * RFC 9116 §2.5.5 asks for an expiry less than a year ahead: 364 days after the release,
 * so the file is never a year ahead of any moment the release can serve it.
 */
export const EXPIRES_AFTER_DAYS = 364;
const DAY_MS = 86_400_000;

/** The English of the page at `/`: the language every report can be written in. */
const SITE_LANGUAGE = "en";

export interface SecurityTxt {
  readonly contact: string;
  readonly expires: Date;
  readonly canonical: string;
  readonly preferredLanguages: readonly string[];
}

/** The owner's email; else their first `mailto:` link; else their first link. */
function contactOf(profile: Profile): string {
  if (profile.email) return `mailto:${profile.email}`;
  const links = profile.links.map(({ url }) => url);
  return links.find((url) => url.startsWith("mailto:")) ?? (links[0] as string);
}

const FLUENT = /native|bilingual|fluent|^c[12]$/i;

/** The languages the owner reads fluently (native, C1, C2), as tags; English when none is known. */
function languagesOf(profile: Profile): string[] {
  const tags = profile.languages
    .filter(({ level }) => FLUENT.test(level.trim()))
    .map(({ name }) => languageTag(name))
    .filter((tag): tag is string => tag !== undefined);
  return tags.length > 0 ? [...new Set(tags)] : [SITE_LANGUAGE];
}

export function securityTxtOf(profile: Profile, siteUrl: string, builtAt: Date): SecurityTxt {
  return {
    contact: contactOf(profile),
    expires: new Date(builtAt.getTime() + EXPIRES_AFTER_DAYS * DAY_MS),
    canonical: `${siteUrl}${SECURITY_TXT_PATH}`,
    preferredLanguages: languagesOf(profile),
  };
}

export function renderSecurityTxt(fields: SecurityTxt): string {
  return [
    `# How to report a security problem with ${new URL(fields.canonical).origin} (RFC 9116).`,
    `Contact: ${fields.contact}`,
    `Expires: ${fields.expires.toISOString()}`,
    `Preferred-Languages: ${fields.preferredLanguages.join(", ")}`,
    `Canonical: ${fields.canonical}`,
    "",
  ].join("\n");
}
