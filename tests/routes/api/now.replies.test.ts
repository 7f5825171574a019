/**
 * GET /api/now with the owner's latest update posted to Bluesky and Mastodon: the update
 * and where it was posted, and the replies read from stand-ins on loopback, newest first;
 * neither while nothing was posted, so the answer of an owner who never posted stays as it
 * was.
 */
import { afterAll, expect, test } from "bun:test";
import { replies } from "../../../lib/replies/feature.ts";
import { as, SITE_URL, send, testSite } from "../../support/app.ts";
import { startBluesky } from "../../support/bluesky.ts";
import { startMastodon } from "../../support/mastodon.ts";
import { ownerFilesWith } from "../../support/owners.ts";
import { historyPostedTo, POSTED_UPDATE, STATUS_ID } from "../../support/posted.ts";

const bluesky = startBluesky();
const mastodon = startMastodon();
afterAll(() => {
  bluesky.stop();
  mastodon.stop();
});
const HISTORY = historyPostedTo(bluesky, mastodon);
const ada = {
  did: "did:plc:adaadaadaadaadaadaadaada",
  handle: "ada.bsky.social",
  displayName: "Ada",
  rkey: "3n3gw2aqlkc2x",
  text: "Good luck with the tide table!",
  createdAt: "2026-11-20T09:00:00.000Z",
};
bluesky.thread(HISTORY[0]?.posts?.[0]?.id as string, [ada]);
mastodon.context(STATUS_ID, [
  {
    id: "113554738921746600",
    acct: "ana@other.example",
    displayName: "Ana",
    content: "<p>Surf &amp; tides, at last</p>",
    createdAt: "2026-11-20T09:30:00.000Z",
  },
]);

const posted = testSite({
  env: { SITE_URL, BLUESKY_APPVIEW: bluesky.url },
  files: ownerFilesWith("rin", { "now-history.json": HISTORY }),
});

test("shows the update, where it was posted, and the replies read since, newest first", async () => {
  const before = await (await send(posted.app, "/api/now", as.pythonRequests)).json();
  expect(before.update.id).toBe(POSTED_UPDATE);
  expect(before).not.toHaveProperty("replies");
  await posted.site.service(replies).refresh();
  const now = await (await send(posted.app, "/api/now", as.pythonRequests)).json();
  expect(now.update).toEqual({
    id: POSTED_UPDATE,
    at: "2026-11-20T08:15:00Z",
    text: "Building: A tide table for the surf school",
    posts: HISTORY[0]?.posts?.map(({ service, url }) => ({ service, url })),
  });
  expect(now.replies).toEqual([
    {
      service: "mastodon",
      author: { name: "Ana", handle: "@ana@other.example", url: "https://other.example/@ana" },
      text: "Surf & tides, at last",
      at: "2026-11-20T09:30:00.000Z",
      url: "https://other.example/@ana/113554738921746600",
      update: POSTED_UPDATE,
    },
    {
      service: "bluesky",
      author: { name: "Ada", handle: "@ada.bsky.social", url: `https://bsky.app/profile/${ada.did}` },
      text: "Good luck with the tide table!",
      at: "2026-11-20T09:00:00.000Z",
      url: `https://bsky.app/profile/${ada.did}/post/${ada.rkey}`,
      update: POSTED_UPDATE,
    },
  ]);
});

test("a new answer, with a new ETag, once the replies change; the same until then", async () => {
  const first = await send(posted.app, "/api/now", as.pythonRequests);
  const again = await send(posted.app, "/api/now", as.pythonRequests);
  expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
  bluesky.thread(HISTORY[0]?.posts?.[0]?.id as string, []);
  await posted.site.service(replies).refresh();
  const changed = await send(posted.app, "/api/now", as.pythonRequests);
  expect(changed.headers.get("etag")).not.toBe(first.headers.get("etag"));
  expect((await changed.json()).replies).toHaveLength(1);
});

test("an owner who never posted gets neither field", async () => {
  const now = await (await send(testSite().app, "/api/now", as.pythonRequests)).json();
  expect(now).not.toHaveProperty("update");
  expect(now).not.toHaveProperty("replies");
});
