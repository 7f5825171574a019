/**
 * The page's claims of identity, as the tools that check them read it: every link of
 * the owner's carries `rel="me"` (microformats-parser, which we did not write, reports
 * them as `rels.me`), the fediverse account is the page's `fediverse:creator`, and
 * humans.txt its `rel="author"`. Mastodon cannot run here: its link verification is
 * tested as its source reads a page (`VerifyLinkService`): fetched with `Accept: text/html`
 * and its own User-Agent, a `rel="me"` link whose href is the account's profile URL.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mf2 } from "microformats-parser";
import { as, otherOwner, routeTableOf, SITE_URL, sample, send, testApp } from "../support/app.ts";
import { ownerFiles, profileWith } from "../support/owners.ts";
import { startServer, type TestServer } from "../support/server.ts";

const PROFILE_URL = "https://mastodon.example/@rin";

async function parsed(app = testApp(), headers: Record<string, string> = as.browser) {
  const page = await (await send(app, "/", headers)).text();
  return { page, mf: mf2(page, { baseUrl: `${SITE_URL}/` }) };
}

describe("rel=me", () => {
  test("every link of the owner's, on the page and in its head: the content's, the fediverse profile, Bluesky's, the email", async () => {
    const { mf } = await parsed();
    const { profile } = sample;
    expect(mf.rels.me).toEqual([
      ...profile.links.map(({ url }) => url),
      PROFILE_URL,
      `https://bsky.app/profile/${profile.blueskyDid}`,
    ]);
    expect(mf.rels.me).toContain(`mailto:${profile.email}`);
  });

  test("the head lists each as <link rel=me>, the body's links carry it too", async () => {
    const { page } = await parsed();
    const head = page.slice(0, page.indexOf("</head>"));
    const body = page.slice(page.indexOf("<body>"));
    const hrefs = (html: string, tag: string) =>
      [...html.matchAll(new RegExp(`<${tag} [^>]*rel="me[^"]*"[^>]*>`, "g"))].map(
        ([element]) => /href="([^"]+)"/.exec(element)?.[1],
      );
    expect(hrefs(head, "link")).toEqual(hrefs(body, "a"));
    expect(hrefs(head, "link")).toHaveLength(7);
  });

  test("an owner whose own link is to their Bluesky, labelled so on another app: that link, not the DID's", async () => {
    const bluesky = { label: "Bluesky", url: "https://deer.social/profile/rin.example" };
    const { mf } = await parsed(
      testApp({ files: profileWith({ links: [...sample.profile.links, bluesky] }) }),
    );
    expect(mf.rels.me).toContain(bluesky.url);
    expect(mf.rels.me).not.toContain(`https://bsky.app/profile/${sample.profile.blueskyDid}`);
  });

  test("an owner with one link and nothing else: that link, and no fediverse:creator", async () => {
    const { page, mf } = await parsed(testApp({ files: ownerFiles("anuradha") }));
    expect(mf.rels.me).toEqual(otherOwner.profile.links.map(({ url }) => url));
    expect(page).not.toContain("fediverse:creator");
  });
});

test("the fediverse account is the page's creator, as Mastodon's link previews read it", async () => {
  const { page } = await parsed();
  const creators = [...page.matchAll(/<meta name="fediverse:creator" content="([^"]+)">/g)].map(([, c]) => c);
  // Mastodon resolves the content as an account, with or without the leading @.
  expect(creators).toEqual(["@rin@mastodon.example"]);
});

test("each route the route table links from the page is there, with its rel and type", async () => {
  const { mf } = await parsed();
  for (const { path, pageLink } of routeTableOf()) {
    if (!pageLink) continue;
    expect(mf.rels[pageLink.rel]).toContain(`${SITE_URL}${path}`);
    expect(mf["rel-urls"][`${SITE_URL}${path}`]?.type).toBe(pageLink.type);
  }
});

describe("Mastodon's link verification, against the shipped server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test("its request (Accept: text/html, its own User-Agent) gets the page, with a rel=me link to the account", async () => {
    // app/services/verify_link_service.rb: GET the site's URL with Accept: text/html; a
    // 200; an <a> or <link> whose rel has "me" and whose href is the account's URL,
    // compared case-insensitively.
    const response = await fetch(`${server.url}/`, {
      headers: {
        accept: "text/html",
        "user-agent": "http.rb/5.2.0 (Mastodon/4.3.0; +https://mastodon.example/)",
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const { rels } = mf2(await response.text(), { baseUrl: `${SITE_URL}/` });
    expect(rels.me?.map((href) => href.toLowerCase())).toContain(PROFILE_URL.toLowerCase());
  });

  test("so does any client that asks for HTML alone, a terminal's included", async () => {
    const response = await fetch(`${server.url}/`, { headers: { ...as.curl, accept: "text/html" } });
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });
});
