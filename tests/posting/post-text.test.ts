/**
 * What a post says, within each service's limits, and the key that names an update's
 * Bluesky post: judged by the AT Protocol's own syntax package where it has a word.
 */
import { describe, expect, test } from "bun:test";
import { isValidTid } from "@atproto/syntax";
import { BLUESKY_MAX_GRAPHEMES, blueskyText, mastodonText } from "../../lib/posting/post-text.ts";
import { recordKey } from "../../lib/posting/record-key.ts";

const graphemes = (text: string) => [...new Intl.Segmenter().segment(text)].length;
const LINK = "https://rin.example/?now=3n3gvryqpk2bl#now";

describe("a Bluesky post", () => {
  test("links the shown host with a facet whose offsets count UTF-8 bytes, after text that is not ASCII", () => {
    const { text, facets } = blueskyText("Lendo: Memórias 🏄🏽‍♀️ de Ericeira", LINK, "rin.example");
    const [{ index, features }] = facets as [(typeof facets)[number]];
    expect(
      new TextDecoder().decode(new TextEncoder().encode(text).slice(index.byteStart, index.byteEnd)),
    ).toBe("rin.example");
    expect(features).toEqual([{ $type: "app.bsky.richtext.facet#link", uri: LINK }]);
    expect(text.length).toBeLessThan(index.byteEnd);
  });

  test(`is cut to ${BLUESKY_MAX_GRAPHEMES} graphemes, and 3,000 bytes, with the link whole`, () => {
    for (const update of ["a".repeat(400), "🏄🏽‍♀️".repeat(400), "ज्ञ".repeat(400)]) {
      const { text } = blueskyText(update, LINK, "rin.example");
      expect(graphemes(text)).toBeLessThanOrEqual(BLUESKY_MAX_GRAPHEMES);
      expect(new TextEncoder().encode(text).byteLength).toBeLessThanOrEqual(3000);
      expect(text.endsWith("…\n\nrin.example")).toBe(true);
    }
  });
});

describe("a Mastodon status", () => {
  test("counts each URL as the server reserves for it, and cuts the update, never the link", () => {
    const status = mastodonText(
      `Reading https://example.com/${"x".repeat(200)} and ${"y".repeat(100)}`,
      LINK,
      60,
      23,
    );
    const counted = graphemes(status.replace(/https?:\/\/\S+/g, "x".repeat(23)));
    expect(counted).toBeLessThanOrEqual(60);
    expect(status.endsWith(`…\n\n${LINK}`)).toBe(true);
  });

  test("an update that fits is sent whole", () => {
    expect(mastodonText("Building: a tide table", LINK, 500, 23)).toBe(`Building: a tide table\n\n${LINK}`);
  });
});

describe("the record key of an update's Bluesky post", () => {
  const update = { id: "urn:uuid:4f7c2a10-8b1e-4c3d-9a2f-1e5b6c7d8e90", at: "2026-11-20T08:15:00Z" };

  test("is a TID, as the post lexicon asks of a key", () => {
    expect(isValidTid(recordKey(update))).toBe(true);
  });

  test("is the same for the same update, wherever and whenever it is made", () => {
    expect(recordKey({ ...update })).toBe(recordKey(update));
  });

  test("differs for another update, and sorts by the updates' times", () => {
    expect(recordKey({ ...update, id: "urn:uuid:other" })).not.toBe(recordKey(update));
    const later = recordKey({ ...update, at: "2026-11-21T08:15:00Z" });
    expect(later > recordKey(update)).toBe(true);
  });
});
