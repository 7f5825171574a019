/**
 * @module WebFinger (RFC 7033): which resources name the owner, and the JSON Resource
 * Descriptor (JRD) the site answers for them. Searching `@<handle>@<site host>` in
 * Mastodon asks for `acct:<handle>@<site host>`; the JRD's `self` link sends it on to the
 * owner's real fediverse account.
 */
import type { Profile } from "../content/schemas.ts";
import { ApiError } from "../http/errors.ts";
import { quoteInput } from "../utils/request-input.ts";
import { type FediverseAccount, fediverseAccount } from "./fediverse.ts";

/** Link relations of the JRD (RFC 7033 §4.4.4). */
export const REL = {
  /** The owner's profile page: this site's own. */
  profilePage: "http://webfinger.net/rel/profile-page",
  /** The ActivityPub actor: what Mastodon follows to the owner's account. */
  self: "self",
} as const;

export interface JrdLink {
  readonly rel: string;
  readonly type: string;
  readonly href: string;
}

/** The JSON Resource Descriptor, in the order RFC 7033 §4.4 lists its members. */
export interface Jrd {
  readonly subject: string;
  readonly aliases: readonly string[];
  readonly links: readonly JrdLink[];
}

/** What the site answers for: the owner's identifiers, and where their fediverse account is. */
export interface WebFingerOwner {
  /** `acct:<handle>@<site host>`. */
  readonly acct: string;
  /** The site's root URL, `https://<site host>/`. */
  readonly site: string;
  /** `mailto:<email>`, when the profile has an email. */
  readonly mailto: string | undefined;
  readonly fediverse: FediverseAccount | undefined;
  readonly handle: string;
  readonly siteUrl: URL;
}

export function webfingerOwner(profile: Profile, siteUrl: string): WebFingerOwner {
  const url = new URL(siteUrl);
  return {
    acct: `acct:${profile.handle}@${url.host}`,
    site: url.href,
    mailto: profile.email ? `mailto:${profile.email}` : undefined,
    fediverse: fediverseAccount(profile),
    handle: profile.handle,
    siteUrl: url,
  };
}

/** What a WebFinger request asks: the resource, and the link relations wanted (none: all). */
export interface WebFingerQuery {
  readonly resource: string;
  readonly rels: readonly string[];
}

/** A URI has a scheme (RFC 3986 §3.1), then something, and no space or control character. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s\p{Cc}]+$/u;

/**
 * The query of a request URL, read as RFC 3986 says (RFC 7033 §4.1): `+` is a plus, not a
 * space as in HTML forms, so `mailto:a+b@…` arrives intact. Throws the 400 envelope's error
 * for a missing, repeated or malformed `resource` (§4.2).
 */
export function webfingerQuery(url: string, example: string): WebFingerQuery {
  const start = url.indexOf("?");
  const resources: string[] = [];
  const rels: string[] = [];
  for (const pair of start === -1 ? [] : url.slice(start + 1).split("&")) {
    const at = pair.indexOf("=");
    const name = at === -1 ? pair : pair.slice(0, at);
    if (name !== "resource" && name !== "rel") continue;
    let value: string;
    try {
      value = decodeURIComponent(at === -1 ? "" : pair.slice(at + 1));
    } catch {
      throw new ApiError("bad_request", `${name} is not percent-encoded as a URI query allows`);
    }
    (name === "resource" ? resources : rels).push(value);
  }
  if (resources.length === 0)
    throw new ApiError("bad_request", `resource is missing: ask ?resource=${example}`);
  if (resources.length > 1)
    throw new ApiError("bad_request", "resource is given more than once; ask for one");
  const [resource = ""] = resources;
  if (!URI.test(resource)) {
    throw new ApiError(
      "bad_request",
      `resource must be a URI, like ${example}; got ${quoteInput(resource, 80)}`,
    );
  }
  return { resource, rels };
}

/** `ada@Ada.Example` → its host as the site's URL writes it, or undefined when it is none. */
function hostAsSiteWrites(host: string, siteUrl: URL): string | undefined {
  if (host === "" || /[/?#@\\]/.test(host)) return undefined;
  try {
    return new URL(`${siteUrl.protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

/**
 * The canonical form of `resource` when it names the owner (RFC 7033 §4.4.1: the subject
 * may be the resource "in canonical form"), undefined when it names someone else:
 *
 * - `acct:<handle>@<site host>`: the host as DNS compares it (case-insensitive, and
 *   percent-encoding decoded, IDNs in ASCII); the handle case-insensitively too, as
 *   Mastodon compares usernames, and percent-decoded once (RFC 7565 allows `%72in`);
 * - the site's root URL, with or without its final `/`;
 * - `mailto:<the profile's email>`, compared case-insensitively.
 *
 * An `acct:` URI without `@`, or whose host is not a host, is malformed: the 400 error.
 */
export function subjectFor(owner: WebFingerOwner, resource: string): string | undefined {
  const scheme = resource.slice(0, resource.indexOf(":")).toLowerCase();
  const rest = resource.slice(scheme.length + 1);
  if (scheme === "acct") {
    const at = rest.lastIndexOf("@");
    const host = at === -1 ? undefined : hostAsSiteWrites(rest.slice(at + 1), owner.siteUrl);
    if (host === undefined)
      throw new ApiError("bad_request", `an acct: resource is user@host, like ${owner.acct}`);
    let user: string;
    try {
      user = decodeURIComponent(rest.slice(0, at));
    } catch {
      throw new ApiError("bad_request", "the acct: resource's user is not percent-encoded as a URI allows");
    }
    const same = user.toLowerCase() === owner.handle && host === owner.siteUrl.host;
    return same ? owner.acct : undefined;
  }
  if (scheme === "http" || scheme === "https") {
    let url: URL;
    try {
      url = new URL(resource);
    } catch {
      return undefined;
    }
    const root = url.pathname === "/" && url.search === "" && url.hash === "";
    return root && url.origin === owner.siteUrl.origin ? owner.site : undefined;
  }
  if (scheme === "mailto" && owner.mailto) {
    let address: string;
    try {
      address = decodeURIComponent(rest);
    } catch {
      return undefined;
    }
    return `mailto:${address}`.toLowerCase() === owner.mailto.toLowerCase() ? owner.mailto : undefined;
  }
  return undefined;
}

/** Whether a JRD asked for `rels` keeps a link of relation `rel`: every link when none is asked for (§4.3). */
export function keepsRel(rels: readonly string[], rel: string): boolean {
  return rels.length === 0 || rels.includes(rel);
}

/**
 * The owner's JRD for `subject`: its aliases are the owner's other identifiers (their
 * `acct:` URI and this site, whichever the subject is not, and their fediverse account),
 * its links the profile page and, with a fediverse account, its actor as `self`. Only the
 * links whose `rel` is among `rels` are kept when any is given (§4.3); an unknown `rel`
 * leaves none.
 */
export function jrdFor(owner: WebFingerOwner, subject: string, rels: readonly string[]): Jrd {
  const { fediverse } = owner;
  const aliases = [
    owner.acct,
    owner.site,
    ...(fediverse ? [fediverse.profileUrl, fediverse.actorUrl] : []),
  ].filter((alias) => alias !== subject);
  const links: JrdLink[] = [
    { rel: REL.profilePage, type: "text/html", href: owner.site },
    ...(fediverse ? [{ rel: REL.self, type: "application/activity+json", href: fediverse.actorUrl }] : []),
  ];
  return {
    subject,
    aliases: [...new Set(aliases)],
    links: links.filter(({ rel }) => keepsRel(rels, rel)),
  };
}
