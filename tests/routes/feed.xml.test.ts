/**
 * GET /feed.xml: the updates of /now as Atom (RFC 4287), judged by feedparser, a parser
 * nobody here wrote, as a feed reader reads it; a prepared answer (ETag, 304, codings);
 * linked from the page's head; among the pages the sitemap lists and IndexNow is sent.
 */
import { describe, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import type { NowHistory } from "../../lib/content/schemas.ts";
import { sitePages } from "../../lib/crawlers/site-pages.ts";
import { indexNowPayload } from "../../lib/indexnow/service.ts";
import { as, routeTableOf, SITE_URL, sample, send, testApp } from "../support/app.ts";
import { feedparser } from "../support/feedparser.ts";
import { ownerFile, ownerFilesWith } from "../support/owners.ts";
import { POSTS } from "../support/posted.ts";

/** Three updates of the fixture owner's /now, newest first. */
const HISTORY: NowHistory = [
  {
    id: "urn:uuid:4f7c2a10-8b1e-4c3d-9a2f-1e5b6c7d8e90",
    at: "2026-11-20T08:15:00Z",
    text: "Building: A tide table for the surf school",
  },
  {
    id: "urn:uuid:0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    at: "2026-11-14T09:12:40Z",
    text: "Reading: Thinking, Fast & Slow <2nd look> by D. Kahneman",
  },
  { id: "tag:rin.example,2026:now-1", at: "2026-10-02T17:00:05Z", text: "Status: Back from Ericeira" },
];

const appWith = (history: unknown, more: Record<string, unknown> = {}) =>
  testApp({ files: ownerFilesWith("rin", { "now-history.json": history, ...more }) });

const app = appWith(HISTORY);
const feedOf = async (of = app, headers: Record<string, string> = as.pythonRequests) =>
  (await send(of, "/feed.xml", headers)).text();

describe("GET /feed.xml, as feedparser reads it", () => {
  test("is Atom 1.0, unbroken, by the owner, linking to itself and to the page", async () => {
    const { version, bozo, bozoException, feed } = feedparser(await feedOf());
    expect({ version, bozo, bozoException }).toEqual({ version: "atom10", bozo: false, bozoException: null });
    expect(feed).toEqual({
      id: `${SITE_URL}/feed.xml`,
      title: "Rin Hayashi · now",
      subtitle: "What Rin Hayashi is doing now: each update of the /now status, newest first.",
      updated: "2026-11-20T08:15:00Z",
      author: "Rin Hayashi",
      authorUri: `${SITE_URL}/`,
      links: [
        { rel: "self", type: "application/atom+xml", href: `${SITE_URL}/feed.xml` },
        { rel: "alternate", type: "text/html", href: `${SITE_URL}/` },
      ],
    });
  });

  test("has an entry per update, newest first: its id, its time, a link to the page's Now and its text", async () => {
    const { entries } = feedparser(await feedOf());
    expect(entries).toEqual(
      HISTORY.map(({ id, at, text }) => ({
        id,
        title: text,
        link: `${SITE_URL}/#now`,
        updated: at,
        published: at,
        content: [{ type: "text/plain", value: text }],
        links: [{ rel: "alternate", type: "text/html", href: `${SITE_URL}/#now`, title: null }],
      })),
    );
  });

  test("an update posted elsewhere links to each post as related, titled with the service's name", async () => {
    const [first, ...rest] = HISTORY;
    const posted = [{ ...first, posts: POSTS }, ...rest];
    const { bozo, entries } = feedparser(await feedOf(appWith(posted)));
    expect(bozo).toBe(false);
    expect(entries[0]?.links).toEqual([
      { rel: "alternate", type: "text/html", href: `${SITE_URL}/#now`, title: null },
      { rel: "related", type: "text/html", href: POSTS[0].url, title: "Bluesky" },
      { rel: "related", type: "text/html", href: POSTS[1].url, title: "Mastodon" },
    ]);
    expect(entries[1]?.links).toHaveLength(1);
  });

  test("an owner with no update yet has a feed with no entry, dated by the day /now was updated", async () => {
    const { version, bozo, feed, entries } = feedparser(await feedOf(appWith([])));
    expect({ version, bozo, entries }).toEqual({ version: "atom10", bozo: false, entries: [] });
    expect(feed.updated).toBe(`${ownerFile("rin", "now.json").updated}T00:00:00Z`);
  });

  test("carries the newest 50 updates", async () => {
    const long = Array.from({ length: 60 }, (_, i) => ({
      id: `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      at: new Date(Date.UTC(2026, 10, 20) - i * 3600_000).toISOString().replace(".000Z", "Z"),
      text: `Status: update ${60 - i}`,
    }));
    const { entries } = feedparser(await feedOf(appWith(long)));
    expect(entries.map(({ title }) => title)).toEqual(long.slice(0, 50).map(({ text }) => text));
  });

  test("a character XML forbids, in the owner's name, never breaks the feed", async () => {
    const profile = { ...ownerFile("rin", "profile.json"), name: "Rin\u0001 Hayashi" };
    const { bozo, feed } = feedparser(await feedOf(appWith(HISTORY, { "profile.json": profile })));
    expect({ bozo, author: feed.author }).toEqual({ bozo: false, author: "Rin\ufffd Hayashi" });
  });

  test("the judge refuses a broken feed: a bare & is bozo", () => {
    const broken = (text: string) => text.replace("&amp;", "&");
    return feedOf().then((text) => expect(feedparser(broken(text)).bozo).toBe(true));
  });
});

describe("GET /feed.xml, as the other prepared answers", () => {
  test("is the same XML for every client, with a strong ETag, and 304 for a client that holds it", async () => {
    const answers = await Promise.all(
      [as.curl, as.browser, as.pythonRequests].map((h) => send(app, "/feed.xml", h)),
    );
    const [first] = answers;
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
      expect(answer.headers.get("etag")).toBe(first?.headers.get("etag") ?? "");
    }
    const etag = first?.headers.get("etag") ?? "";
    const again = await send(app, "/feed.xml", { ...as.curl, "if-none-match": etag });
    expect({ status: again.status, body: await again.text() }).toEqual({ status: 304, body: "" });
  });

  test("is sent compressed to a client that asks, with an ETag of its own, decoding to the same XML", async () => {
    const plain = await send(app, "/feed.xml", as.curl);
    const br = await send(app, "/feed.xml", { ...as.curl, "accept-encoding": "br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("etag")).not.toBe(plain.headers.get("etag"));
    expect(brotliDecompressSync(await br.bytes()).toString()).toBe(await plain.text());
  });
});

describe("where readers and crawlers find it", () => {
  test("the page's head links to it for feed readers", async () => {
    const page = await (await send(app, "/", as.browser)).text();
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head).toContain(`<link rel="alternate" type="application/atom+xml" href="${SITE_URL}/feed.xml">`);
  });

  test("the site's pages list it, dated by /now: the sitemap has it, and IndexNow is sent it", () => {
    const pages = sitePages(sample, routeTableOf(), SITE_URL);
    expect(pages).toContainEqual({ url: `${SITE_URL}/feed.xml`, lastmod: sample.now.updated });
    expect(indexNowPayload(SITE_URL, pages, "0123456789abcdef").urlList).toContain(`${SITE_URL}/feed.xml`);
  });
});
