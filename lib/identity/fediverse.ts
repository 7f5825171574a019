/**
 * @module The owner's fediverse account, from `content/profile.json`'s `fediverse`: its
 * address (`@name@server`), the profile page a `rel="me"` link points at, and the
 * ActivityPub actor WebFinger's `self` link names. The owner writes the address; the
 * page and the actor follow Mastodon's URLs unless the owner gives the actor.
 */
import type { Profile } from "../content/schemas.ts";

export interface FediverseAccount {
  /** `@name@server`, as people write it and as `fediverse:creator` says it. */
  readonly address: string;
  readonly name: string;
  /** The server's host name (lower case: the schema says so). */
  readonly server: string;
  /**
   * The account's profile page, `https://<server>/@<name>`: where Mastodon puts it, and
   * the URL its link verification looks for in a `rel="me"` link.
   */
  readonly profileUrl: string;
  /** The ActivityPub actor: the content's, else Mastodon's `https://<server>/users/<name>`. */
  readonly actorUrl: string;
}

/** The account the profile names, or undefined when it names none. */
export function fediverseAccount(profile: Profile): FediverseAccount | undefined {
  if (!profile.fediverse) return undefined;
  const { account, actor } = profile.fediverse;
  // The schema's pattern guarantees `@name@server`: the account is the address as written.
  const at = account.lastIndexOf("@");
  const name = account.slice(1, at);
  const server = account.slice(at + 1);
  return {
    address: account,
    name,
    server,
    profileUrl: `https://${server}/@${name}`,
    actorUrl: actor ?? `https://${server}/users/${name}`,
  };
}
