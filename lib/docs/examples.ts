/**
 * @module Examples for the OpenAPI document that the route files share, drawn from the
 * app's content, so the document shows the owner who runs the site.
 */
import { placeOf } from "../content/schemas.ts";
import type { Content } from "../content/site-content.ts";

/** The terminal profile's first lines, as `curl` shows them without colour. */
export function profileTextExample({ profile }: Content): string {
  const names = profile.nativeName ? `${profile.name}  ${profile.nativeName}` : profile.name;
  return `\n  ${names}\n  ${profile.role} · ${placeOf(profile)}\n  ...\n`;
}

/**
 * A release id of the running version (`lib/site/release.ts`), with an example content
 * digest: the document shows its shape without hashing the content.
 */
export function exampleReleaseId(version: string): string {
  return `${version}.3f2a9c1b7d4e`;
}
