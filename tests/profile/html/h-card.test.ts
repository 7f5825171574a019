/**
 * The page at `/` is the owner's h-card, as a microformats2 parser we did not write
 * (`microformats-parser`) reads it: name, pronouns, job title, organisation, locality and
 * country, the tagline and the bio as notes, the skills as categories, links and email,
 * straight from the content; and for an owner who gives no pronouns or email, none.
 */
import { describe, expect, test } from "bun:test";
import { mf2 } from "microformats-parser";
import { as, otherOwner, SITE_URL, sample, send, testApp } from "../../support/app.ts";
import { ownerFiles, profileWith } from "../../support/owners.ts";

const content = sample;
const { profile } = content;

async function hCards(app = testApp()) {
  const page = await (await send(app, "/", as.browser)).text();
  return mf2(page, { baseUrl: `${SITE_URL}/` }).items.filter((item) => item.type?.includes("h-card"));
}

describe("the page's h-card", () => {
  test("is one h-card, with the owner's name, pronouns, job title, notes and organisation", async () => {
    const cards = await hCards();
    expect(cards).toHaveLength(1);
    const { properties } = cards[0] as { properties: Record<string, unknown[]> };
    expect(properties.name).toEqual([profile.name]);
    expect(properties.pronouns).toEqual([profile.pronouns]);
    expect(properties["job-title"]).toEqual([profile.role]);
    expect(properties.note).toEqual([profile.tagline, profile.bio]);
    const current = profile.experience
      .filter(({ end }) => end === null)
      .map(({ organisation }) => organisation);
    expect(properties.org).toEqual(current);
  });

  test("has the skills as its categories", async () => {
    const [card] = await hCards();
    expect(card?.properties.category).toEqual(profile.skills.map(({ name }) => name));
  });

  test("of an owner with no pronouns and no email has neither, and still its name and notes", async () => {
    const other = otherOwner;
    const [card] = await hCards(testApp({ files: ownerFiles("anuradha") }));
    expect(card?.properties.name).toEqual([other.profile.name]);
    expect(card?.properties.note).toEqual([other.profile.tagline, other.profile.bio]);
    expect(card?.properties.pronouns).toBeUndefined();
    expect(card?.properties.email).toBeUndefined();
  });

  test("has the address as an h-adr with locality and country", async () => {
    const [card] = await hCards();
    expect(card?.properties.adr).toEqual([
      {
        type: ["h-adr"],
        properties: { locality: [profile.location.city], "country-name": [profile.location.country] },
        value: `${profile.location.city}, ${profile.location.country}`,
      },
    ]);
  });

  test("lists every web link as u-url and the email as u-email, and no photo: the profile has none", async () => {
    const [card] = await hCards();
    const web = profile.links.map(({ url }) => url).filter((url) => !url.startsWith("mailto:"));
    // The fediverse profile and the Bluesky profile of the DID, which no link of the content is to.
    const added = ["https://mastodon.example/@rin", `https://bsky.app/profile/${profile.blueskyDid}`];
    expect(card?.properties.url).toEqual([...web, ...added]);
    expect(card?.properties.email).toEqual([`mailto:${profile.email}`]);
    expect(card?.properties.photo).toBeUndefined();
  });

  test("still has the email when no link is to it: the page adds it as a link", async () => {
    const links = profile.links.filter(({ url }) => !url.startsWith("mailto:"));
    const app = testApp({ files: profileWith({ links }) });
    const [card] = await hCards(app);
    expect(card?.properties.email).toEqual([`mailto:${profile.email}`]);
  });
});
