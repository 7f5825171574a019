/**
 * The owner's name in its parts (`lib/content/name-parts.ts`): what addresses the owner
 * and what address books sort by, for names written either way round.
 */
import { expect, test } from "bun:test";
import { nameParts } from "../../lib/content/name-parts.ts";

test.each([
  [
    "given name first: the last word is the family name",
    { name: "Grace Brewster Hopper" },
    "Grace Brewster",
    "Hopper",
  ],
  ["one word: no family name", { name: "Cher" }, "Cher", ""],
  ["family name first, as familyName says", { name: "山田 花子", familyName: "山田" }, "花子", "山田"],
  [
    "a family name of two words",
    { name: "Gabriel García Márquez", familyName: "García Márquez" },
    "Gabriel",
    "García Márquez",
  ],
  [
    "all family name: the whole name addresses the owner",
    { name: "Tanaka", familyName: "Tanaka" },
    "Tanaka",
    "Tanaka",
  ],
])("%s", (_case, profile, given, family) => {
  expect(nameParts(profile)).toEqual({ given, family });
});
