/**
 * The replies to the owner's posts, read from stand-ins on loopback (Bluesky's AppView, a
 * Mastodon server): read in the background and never on a request's time; newest first
 * and bounded; the last good answer kept when a read fails (a 5xx, garbage, a hang, a
 * refused connection), and a reply deleted upstream gone after the next read; hostile
 * text made safe everywhere it is shown; counted, and in the health check.
 */
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { mf2 } from "microformats-parser";
import { doorScreens } from "../../lib/doors/ssh/screens.ts";
import { live } from "../../lib/live/feature.ts";
import { PLAIN } from "../../lib/profile/ansi/index.ts";
import { replies } from "../../lib/replies/feature.ts";
import { REPLIES_SHOWN } from "../../lib/replies/replies.ts";
import { as, GET_PATHS, SITE_URL, send, testSite } from "../support/app.ts";
import { type StandInReply, startBluesky } from "../support/bluesky.ts";
import { type StandInStatus, startMastodon } from "../support/mastodon.ts";
import { ownerFilesWith } from "../support/owners.ts";
import { historyPostedTo, POSTED_UPDATE, STATUS_ID } from "../support/posted.ts";

const bluesky = startBluesky();
const mastodon = startMastodon();
afterAll(() => {
  bluesky.stop();
  mastodon.stop();
});

const HISTORY = historyPostedTo(bluesky, mastodon);
const POST_URI = HISTORY[0]?.posts?.[0]?.id as string;
const UPDATE = POSTED_UPDATE;

/** Escape codes, a right-to-left override, markup, and ten thousand characters. */
const HOSTILE = `\u001b[2J\u001b[H<script>alert(1)</script>\u202Eevil ${"🌊".repeat(10_000)}`;

const ada: StandInReply = {
  did: "did:plc:adaadaadaadaadaadaadaada",
  handle: "ada.bsky.social",
  displayName: "Ada",
  rkey: "3n3gw2aqlkc2x",
  text: "Good luck with the tide table!",
  createdAt: "2026-11-20T09:00:00.000Z",
};
const mallory: StandInReply = {
  did: "did:plc:mallorymallorymallorymal",
  handle: "mallory.bsky.social",
  displayName: "\u001b[31mMallory\u202E</b>",
  rkey: "3n3gw2aqlkc3y",
  text: HOSTILE,
  createdAt: "2026-11-20T10:00:00.000Z",
};
const ana: StandInStatus = {
  id: "113554738921746600",
  acct: "ana@other.example",
  displayName: "Ana",
  content:
    '<p><span class="h-card"><a href="https://mastodon.example/@rin" class="u-url mention">@<span>rin</span></a></span> Surf &amp; tides, at last &lt;3</p><p>See you there</p>',
  createdAt: "2026-11-20T09:30:00.000Z",
};
const eve: StandInStatus = {
  id: "113554738921746601",
  acct: "eve",
  displayName: "",
  content: "<p>\u001b[2J&lt;script&gt;alert(1)&lt;/script&gt;\u202Eevil</p>",
  createdAt: "2026-11-20T08:45:00.000Z",
};

function siteWith(env: Record<string, string> = {}) {
  return testSite({
    env: { SITE_URL, BLUESKY_APPVIEW: bluesky.url, REPLIES_TIMEOUT_MS: "300", ...env },
    files: ownerFilesWith("rin", { "now-history.json": HISTORY }),
  });
}

beforeEach(() => {
  bluesky.thread(POST_URI, [ada, mallory]);
  mastodon.context(STATUS_ID, [ana, eve]);
  for (const method of ["app.bsky.feed.getPostThread"] as const) bluesky.misbehave(method, undefined);
  mastodon.misbehave("context", undefined);
});

/** What the site shows now, after its reader read everything once. */
async function readOnce(built = siteWith()) {
  const reader = built.site.service(replies);
  await reader.refresh();
  return { ...built, reader };
}

describe("read from the services", () => {
  test("both services' replies, newest first, each with its author, text, time and link", async () => {
    const { reader } = await readOnce();
    const { update, replies: shown } = reader.conversation();
    expect(update?.id).toBe(UPDATE);
    expect(shown.map(({ service, author, at }) => [service, author.name, at.toISOString()])).toEqual([
      ["bluesky", "Mallory </b>", "2026-11-20T10:00:00.000Z"],
      ["mastodon", "Ana", "2026-11-20T09:30:00.000Z"],
      ["bluesky", "Ada", "2026-11-20T09:00:00.000Z"],
      ["mastodon", `@eve@127.0.0.1:${new URL(mastodon.url).port}`, "2026-11-20T08:45:00.000Z"],
    ]);
    expect(shown[2]).toEqual({
      service: "bluesky",
      author: { name: "Ada", handle: "@ada.bsky.social", url: `https://bsky.app/profile/${ada.did}` },
      text: "Good luck with the tide table!",
      at: new Date(ada.createdAt),
      url: `https://bsky.app/profile/${ada.did}/post/${ada.rkey}`,
      update: UPDATE,
    });
    expect(shown[1]).toMatchObject({
      author: { name: "Ana", handle: "@ana@other.example", url: "https://other.example/@ana" },
      text: "@rin Surf & tides, at last <3 See you there",
      url: `https://other.example/@ana/${ana.id}`,
    });
  });

  test("with no account, from the AppView and the status's own server, naming the site", async () => {
    await readOnce();
    const thread = bluesky.requests.findLast(({ path }) => path.includes("getPostThread"));
    expect(new URL(thread?.path ?? "", bluesky.url).searchParams.get("uri")).toBe(POST_URI);
    const context = mastodon.requests.findLast(({ path }) => path.endsWith("/context"));
    expect(context?.path).toBe(`/api/v1/statuses/${STATUS_ID}/context`);
    for (const request of [thread, context]) {
      expect(request?.headers.authorization).toBeUndefined();
      expect(request?.headers["user-agent"]).toMatch(/^site-api\/\S+ \(\+https:\/\/rin\.example\)$/);
    }
  });

  test("replies under replies are read too; one deleted or blocked is not shown", async () => {
    bluesky.thread(POST_URI, [{ ...ada, replies: [{ ...mallory, text: "a reply to Ada" }] }]);
    const { reader } = await readOnce();
    expect(reader.conversation().replies.map(({ text }) => text)).toContain("a reply to Ada");
    bluesky.thread(POST_URI, "extra-entries");
    await reader.refresh();
    expect(reader.conversation().replies.filter(({ service }) => service === "bluesky")).toEqual([]);
  });

  test(`at most ${REPLIES_SHOWN} are shown, the newest`, async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...ada,
      rkey: `3n3gw2aqlkc${String.fromCharCode(97 + (i % 26))}${i < 26 ? "a" : "b"}`,
      text: `reply ${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 20, 12, i)).toISOString(),
    }));
    bluesky.thread(POST_URI, many);
    const { reader } = await readOnce();
    const shown = reader.conversation().replies;
    expect(shown).toHaveLength(REPLIES_SHOWN);
    expect(shown[0]?.text).toBe("reply 29");
  });

  test("nothing is read on a request's time: an app not started reads nothing, whatever is asked", async () => {
    const before = bluesky.requests.length + mastodon.requests.length;
    const { app } = siteWith();
    for (const path of GET_PATHS) {
      for (const client of [as.curl, as.browser, as.pythonRequests]) await send(app, path, client);
    }
    expect(bluesky.requests.length + mastodon.requests.length).toBe(before);
  });
});

describe("a read that fails", () => {
  const failures = [
    ["a 500", { kind: "status", status: 500 }, "http_error"],
    [
      "a 429 with Retry-After",
      { kind: "status", status: 429, headers: { "retry-after": "120" } },
      "rate_limited",
    ],
    ["garbage", { kind: "garbage" }, "invalid"],
    ["a hang", { kind: "hang" }, "timeout"],
  ] as const;

  test.each(failures)(
    "%s keeps the replies the last good read brought, and says so in the health check",
    async (_name, misbehaviour, outcome) => {
      const { reader, site } = await readOnce();
      const before = reader.conversation().replies;
      bluesky.misbehave("app.bsky.feed.getPostThread", misbehaviour);
      mastodon.misbehave("context", misbehaviour);
      const started = performance.now();
      await reader.refresh();
      expect(performance.now() - started).toBeLessThan(3000);
      expect(reader.conversation().replies).toEqual(before);
      const health = site.health.at(new Date());
      const check = health.checks["bluesky:replies"]?.[0];
      expect(check?.status).toBe("warn");
      const exposition = site.metrics.families.flatMap((family) => family.lines()).join("\n");
      expect(exposition).toContain(`site_replies_reads_total{service="bluesky",outcome="${outcome}"} 1`);
    },
  );

  test("a refused connection keeps them too", async () => {
    const { reader } = await readOnce();
    const before = reader.conversation().replies;
    bluesky.refuse();
    try {
      await reader.refresh();
    } finally {
      bluesky.reopen();
    }
    expect(reader.conversation().replies.filter(({ service }) => service === "bluesky")).toEqual(
      before.filter(({ service }) => service === "bluesky"),
    );
  });

  test("a reply deleted upstream is gone after the next read; a post deleted takes its replies with it", async () => {
    const { reader } = await readOnce();
    bluesky.thread(POST_URI, [ada]);
    await reader.refresh();
    expect(reader.conversation().replies.map(({ author }) => author.name)).not.toContain("Mallory </b>");
    mastodon.context(STATUS_ID, "gone");
    bluesky.thread(POST_URI, "gone");
    await reader.refresh();
    expect(reader.conversation().replies).toEqual([]);
  });
});

describe("hostile text, wherever it is shown", () => {
  test("is one line of printable text, at most 300 characters, no half an emoji", async () => {
    const { reader } = await readOnce();
    for (const { text, author } of reader.conversation().replies) {
      for (const shown of [text, author.name, author.handle]) {
        expect(shown).not.toMatch(/[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
        expect(shown).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        expect([...new Intl.Segmenter().segment(shown)].length).toBeLessThanOrEqual(300);
      }
    }
  });

  test("on the page: escaped, never a script, each link to a stranger marked ugc nofollow", async () => {
    const { app } = await readOnce();
    const page = await (await send(app, "/", as.browser)).text();
    expect(page).not.toContain("<script>alert");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain("\u202E");
    expect(page).toContain(
      `<a class="u-syndication" href="${HISTORY[0]?.posts?.[0]?.url}" rel="syndication">Bluesky</a>`,
    );
    const list = page.slice(
      page.indexOf("<h3>Replies</h3>"),
      page.indexOf("</ul>", page.indexOf("<h3>Replies</h3>")),
    );
    const strangers = [...list.matchAll(/<a [^>]*rel="([^"]*)"/g)];
    // Each reply links its author and itself.
    expect(strangers.length).toBe(8);
    expect(new Set(strangers.map((match) => match[1]))).toEqual(new Set(["ugc nofollow"]));
  });

  test("the page's update is an h-entry, as a microformats parser reads it: its copies and its comments", async () => {
    const { app } = await readOnce();
    const page = await (await send(app, "/", as.browser)).text();
    const [card] = mf2(page, { baseUrl: `${SITE_URL}/` }).items.filter(({ type }) =>
      type?.includes("h-card"),
    );
    const entry = card?.children?.find(({ type }) => type?.includes("h-entry"));
    expect(entry?.properties.syndication).toEqual(HISTORY[0]?.posts?.map(({ url }) => url));
    expect(entry?.properties.name).toEqual(["Building: A tide table for the surf school"]);
    const comments = (entry?.properties.comment ?? []) as { properties: Record<string, unknown[]> }[];
    expect(comments).toHaveLength(4);
    expect(comments[2]?.properties.url).toEqual([`https://bsky.app/profile/${ada.did}/post/${ada.rkey}`]);
    expect(comments[2]?.properties.content).toEqual(["Good luck with the tide table!"]);
  });

  test("in a terminal: no escape code but the colours, in the profile and the SSH door's /now", async () => {
    const built = await readOnce();
    const text = await (await send(built.app, "/", as.curl)).text();
    const screen = doorScreens(built.site, built.site.service(live)).draw("now", 80, PLAIN, {
      frame: 0,
      endsIn: 60,
    });
    for (const shown of [text, screen.join("\n")]) {
      expect(shown).toContain("Good luck with the tide table!");
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours are the escape codes a profile may hold.
      expect(shown.replace(/\u001b\[[0-9;]*m/g, "")).not.toMatch(/[\p{Cc}\u202a-\u202e](?<!\n)/u);
    }
    expect(screen.join("\n")).toContain("@ada.bsky.social");
  });
});
