/**
 * @module The owner's name in its two parts: the name a person is addressed by (the ping's
 * "Ada's profile", the contact card's caption) and the family name address books sort by
 * (the vCard's N). The profile's `familyName` says which words are the family name, for
 * names written family name first; without it, the family name is the last word, which is
 * right for names written given name first.
 */
import type { Profile } from "./schemas.ts";

export interface NameParts {
  /** The given name, or the whole name when it has one word or is all family name. */
  readonly given: string;
  /** Empty for a name of one word and no `familyName`. */
  readonly family: string;
}

export function nameParts({ name, familyName }: Pick<Profile, "name" | "familyName">): NameParts {
  const words = name.trim().split(/\s+/);
  if (familyName === undefined) {
    const family = words.length > 1 ? (words.pop() as string) : "";
    return { given: words.join(" "), family };
  }
  const given = name.replace(familyName, " ").trim().split(/\s+/).join(" ");
  return { given: given || name.trim(), family: familyName };
}
