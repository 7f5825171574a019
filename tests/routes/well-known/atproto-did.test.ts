/**
 * GET /.well-known/atproto-did: the AT Protocol's HTTPS well-known method of handle
 * resolution (atproto.com/specs/handle): the owner's DID and nothing else, as plain text,
 * judged by the AT Protocol's own syntax package (`@atproto/syntax`); 404 without one.
 * The content accepts only the methods atproto blesses, did:plc and did:web.
 */
import { describe, expect, test } from "bun:test";
import { ensureValidDid, isValidDid } from "@atproto/syntax";
import { ContentError, readContent } from "../../../lib/content/site-content.ts";
import { as, SITE_URL, sample, send, testApp } from "../../support/app.ts";
import { ownerFiles, profileWith } from "../../support/owners.ts";

const PATH = "/.well-known/atproto-did";
const app = testApp();

describe("for an owner who has set a DID", () => {
  test("is the DID alone, as text/plain: no prefix, no wrapper, no whitespace", async () => {
    const response = await send(app, PATH, as.pythonRequests);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const body = await response.text();
    expect(body).toBe(sample.profile.blueskyDid as string);
    expect(body).toBe(body.trim());
  });

  test("is a DID by the AT Protocol's own syntax check, of a blessed method", async () => {
    const body = await (await send(app, PATH, as.curl)).text();
    expect(() => ensureValidDid(body)).not.toThrow();
    expect(body).toMatch(/^did:(plc|web):/);
  });

  test("is the same for every client, says no Vary, and revalidates by ETag", async () => {
    const answers = await Promise.all(
      [as.curl, as.browser, as.pythonRequests].map((h) => send(app, PATH, h)),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(new Set(bodies).size).toBe(1);
    for (const answer of answers) expect(answer.headers.get("vary")).toBeNull();
    const etag = answers[0]?.headers.get("etag") as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await send(app, PATH, { ...as.curl, "if-none-match": etag })).status).toBe(304);
    const head = await send(app, PATH, as.curl, { method: "HEAD" });
    expect({ status: head.status, body: await head.text() }).toEqual({ status: 200, body: "" });
  });
});

test("for an owner who has set none, is the 404 envelope, naming the field to set", async () => {
  const response = await send(testApp({ files: ownerFiles("anuradha") }), PATH, as.curl);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({
    error: {
      status: 404,
      code: "not_found",
      message: "This site's owner has set no Bluesky DID: blueskyDid in content/profile.json",
    },
  });
});

describe("the content's blueskyDid", () => {
  /** The refusal start-up prints for a DID, or "valid". */
  function refusal(did: string): string {
    try {
      readContent(profileWith({ blueskyDid: did }), SITE_URL);
      return "valid";
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      return error.message;
    }
  }

  test.each([
    "did:plc:abcdefghijklmnopqrstuvwx",
    "did:plc:234567abcdefghijklmnopqr",
    "did:web:ada.example.org",
  ])("accepts %s, which the AT Protocol's syntax check accepts too", (did) => {
    expect(refusal(did)).toBe("valid");
    expect(isValidDid(did)).toBe(true);
  });

  test.each([
    [
      "a DID of a method atproto does not support",
      "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
    ],
    ["a did:plc: of the wrong length", "did:plc:abc"],
    ["a did:plc: with a character outside base32", "did:plc:abcdefghijklmnopqrstuvw1"],
    ["a did:web: with a path", "did:web:ada.example.org:people:ada"],
    ["a did:web: on a port, for development only", "did:web:localhost%3A3000"],
    ["a handle instead of a DID", "ada.bsky.social"],
  ])("refuses %s, in words", (_what, did) => {
    expect(refusal(did)).toBe(
      `content/profile.json: /blueskyDid is ${JSON.stringify(did.length > 40 ? `${did.slice(0, 39)}…` : did)}; ` +
        "expected a DID as Bluesky's change-handle screen shows it: did:plc: and 24 characters of a-z and 2-7, or did:web: and a host name",
    );
  });

  test("the syntax check is a judge that refuses: a DID with no identifier is not one", () => {
    expect(isValidDid("did:plc:")).toBe(false);
    expect(isValidDid("plc:abcdefghijklmnopqrstuvwx")).toBe(false);
  });
});
