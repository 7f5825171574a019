/**
 * GET /feed.json: the updates of /now as JSON Feed 1.1, judged against what the spec
 * requires; an item per update, by the history's ids; a prepared answer (ETag, 304,
 * codings), pretty for terminals; linked from the page's head.
 */
import { describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import type { NowHistory } from "../../lib/content/schemas.ts";
import { as, SITE_URL, send, testApp } from "../support/app.ts";
import { jsonFeedErrors } from "../support/json-feed-spec.ts";
import { ownerFilesWith } from "../support/owners.ts";
import { POSTS } from "../support/posted.ts";

const HISTORY: NowHistory = [
  {
    id: "urn:uuid:4f7c2a10-8b1e-4c3d-9a2f-1e5b6c7d8e90",
    at: "2026-11-20T08:15:00Z",
    text: "Building: A tide table for the surf school",
  },
  { id: "tag:rin.example,2026:now-1", at: "2026-10-02T17:00:05Z", text: "Status: Back from Ericeira" },
];

const appWith = (history: unknown) =>
  testApp({ files: ownerFilesWith("rin", { "now-history.json": history }) });
const app = appWith(HISTORY);
const feedOf = async (of = app) => (await send(of, "/feed.json", as.pythonRequests)).json();

describe("GET /feed.json", () => {
  test("is a JSON Feed 1.1, as the spec requires one", async () => {
    expect(jsonFeedErrors(await feedOf())).toEqual([]);
    expect(jsonFeedErrors(await feedOf(appWith([])))).toEqual([]);
  });

  test("the judge refuses a feed that lacks what the spec requires", async () => {
    const { title: _, ...untitled } = await feedOf();
    const textless = await feedOf();
    delete textless.items[0].content_text;
    expect(jsonFeedErrors(untitled)).toEqual(["/ must have required property 'title'"]);
    expect(jsonFeedErrors(textless)).toContain("/items/0 must match a schema in anyOf");
  });

  test("is by the owner, names the page and itself, and has an item per update, newest first", async () => {
    expect(await feedOf()).toEqual({
      version: "https://jsonfeed.org/version/1.1",
      title: "Rin Hayashi · now",
      home_page_url: `${SITE_URL}/`,
      feed_url: `${SITE_URL}/feed.json`,
      description: "What Rin Hayashi is doing now: each update of the /now status, newest first.",
      authors: [{ name: "Rin Hayashi", url: `${SITE_URL}/` }],
      items: HISTORY.map(({ id, at, text }) => ({
        id,
        url: `${SITE_URL}/#now`,
        content_text: text,
        date_published: at,
      })),
    });
  });

  test("an update posted elsewhere says where, in the feed's one extension, as the spec has extensions written", async () => {
    const [first, ...rest] = HISTORY;
    const feed = await feedOf(appWith([{ ...first, posts: POSTS }, ...rest]));
    expect(jsonFeedErrors(feed)).toEqual([]);
    expect(feed.items[0]._syndication).toEqual({
      about: "https://indieweb.org/u-syndication",
      posts: [
        { name: "Bluesky", url: POSTS[0].url },
        { name: "Mastodon", url: POSTS[1].url },
      ],
    });
    expect(feed.items[1]).not.toHaveProperty("_syndication");
  });

  test("an owner with no update yet has no items", async () => {
    expect((await feedOf(appWith([]))).items).toEqual([]);
  });

  test("is application/feed+json, pretty with a final newline for a terminal, with a strong ETag and its 304", async () => {
    const program = await send(app, "/feed.json", as.pythonRequests);
    const terminal = await send(app, "/feed.json", as.curl);
    for (const answer of [program, terminal]) {
      expect(answer.headers.get("content-type")).toBe("application/feed+json");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
      expect(answer.headers.get("vary")).toStartWith("Accept, User-Agent");
    }
    const text = await terminal.text();
    expect(text).toStartWith('{\n  "version"');
    expect(text).toEndWith("}\n");
    const etag = terminal.headers.get("etag") ?? "";
    const again = await send(app, "/feed.json", { ...as.curl, "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  test("over a kilobyte, is sent gzipped to a client that asks, decoding to the same JSON", async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      at: `2026-11-${String(20 - i).padStart(2, "0")}T08:00:00Z`,
      text: `Status: day ${20 - i} of the tide tables`,
    }));
    const long = appWith(many);
    const plain = await (await send(long, "/feed.json", as.pythonRequests)).text();
    expect(plain.length).toBeGreaterThan(1024);
    const gzip = await send(long, "/feed.json", { ...as.pythonRequests, "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await gzip.bytes()).toString()).toBe(plain);
  });

  test("the page's head links to it for feed readers", async () => {
    const page = await (await send(app, "/", as.browser)).text();
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head).toContain(
      `<link rel="alternate" type="application/feed+json" href="${SITE_URL}/feed.json">`,
    );
  });

  test("dates the feed by its content, never by the clock: the same history, the same bytes", async () => {
    const later = testApp({
      files: ownerFilesWith("rin", { "now-history.json": HISTORY }),
      clock: () => Date.parse("2027-01-01T00:00:00Z"),
    });
    expect(await (await send(later, "/feed.json", as.pythonRequests)).text()).toBe(
      await (await send(app, "/feed.json", as.pythonRequests)).text(),
    );
  });
});
