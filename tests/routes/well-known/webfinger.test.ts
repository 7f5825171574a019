/**
 * GET /.well-known/webfinger (RFC 7033), in-process against the contract, then over HTTP
 * as a WebFinger client library we did not write (webfinger.js) and as Mastodon's own
 * lookup reads it: `subject`, the `self` link and its type, for the owner's `acct:`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import WebFinger, { WebFingerError } from "webfinger.js";
import type { Jrd } from "../../../lib/identity/webfinger.ts";
import { freePort } from "../../../scripts/loopback.ts";
import { as, SITE_URL, send, testApp } from "../../support/app.ts";
import { ownerFiles, profileWith } from "../../support/owners.ts";
import { startServer, type TestServer } from "../../support/server.ts";

const PATH = "/.well-known/webfinger";
const app = testApp();
const ask = (query: string, headers: Record<string, string> = as.pythonRequests, of = app) =>
  send(of, `${PATH}${query}`, headers);
const jrdOf = async (query: string, of = app) => {
  const response = await ask(query, as.pythonRequests, of);
  expect({ query, status: response.status }).toEqual({ query, status: 200 });
  return (await response.json()) as Jrd;
};

const ACCT = "acct:rin@rin.example";
const PROFILE_PAGE = {
  rel: "http://webfinger.net/rel/profile-page",
  type: "text/html",
  href: `${SITE_URL}/`,
};
const SELF = { rel: "self", type: "application/activity+json", href: "https://mastodon.example/users/rin" };

describe("the owner's JRD", () => {
  test("is application/jrd+json, open to any origin, cached as content and revalidated by ETag", async () => {
    const response = await ask(`?resource=${ACCT}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/jrd+json");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    expect(response.headers.get("vary")).toBe("Accept, User-Agent");
    const etag = response.headers.get("etag") as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await ask(`?resource=${ACCT}`, { ...as.pythonRequests, "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  test("names the owner's acct:, this site and the fediverse account, and links the page and the actor", async () => {
    expect(await jrdOf(`?resource=${ACCT}`)).toEqual({
      subject: ACCT,
      aliases: [`${SITE_URL}/`, "https://mastodon.example/@rin", "https://mastodon.example/users/rin"],
      links: [PROFILE_PAGE, SELF],
    });
  });

  test("answers every form of the owner's resources, with the resource in canonical form as subject", async () => {
    const forms: [query: string, subject: string][] = [
      [`?resource=${ACCT}`, ACCT],
      ["?resource=acct:RIN@Rin.Example", ACCT],
      ["?resource=acct%3Arin%40rin.example", ACCT],
      ["?resource=acct:%72in@rin.example", ACCT],
      ["?resource=https://rin.example", `${SITE_URL}/`],
      ["?resource=https%3A%2F%2FRIN.example%2F", `${SITE_URL}/`],
      ["?resource=mailto:Rin@Example.com", "mailto:rin@example.com"],
      [`?rel=self&resource=${ACCT}&nocolor`, ACCT],
    ];
    for (const [query, subject] of forms) {
      const jrd = await jrdOf(query);
      expect({ query, subject: jrd.subject }).toEqual({ query, subject });
      expect(jrd.aliases).not.toContain(subject);
    }
    // Whoever asks by the site's URL learns the owner's acct: (and the other way round).
    expect((await jrdOf("?resource=https://rin.example/")).aliases).toContain(ACCT);
  });

  test("keeps only the links of the relations `rel` names, repeatable; an unknown one leaves none", async () => {
    const rels = async (query: string) => (await jrdOf(`?resource=${ACCT}${query}`)).links;
    expect(await rels("&rel=self")).toEqual([SELF]);
    expect(await rels(`&rel=self&rel=${encodeURIComponent(PROFILE_PAGE.rel)}`)).toEqual([PROFILE_PAGE, SELF]);
    expect(await rels("&rel=http%3A%2F%2Fexample.com%2Fno-such-rel")).toEqual([]);
    expect((await jrdOf(`?resource=${ACCT}&rel=nothing`)).aliases).toHaveLength(3);
  });

  test("each distinct answer has its own ETag; the same answer always the same", async () => {
    const etag = async (query: string) => (await ask(query)).headers.get("etag");
    const all = await etag(`?resource=${ACCT}`);
    expect(await etag("?resource=acct:RIN@rin.example")).toBe(all);
    const distinct = new Set([
      all,
      await etag(`?resource=${ACCT}&rel=self`),
      await etag("?resource=https://rin.example/"),
      await etag("?resource=mailto:rin@example.com"),
    ]);
    expect(distinct.size).toBe(4);
  });

  test("terminals get it pretty, programs compact: the same JRD", async () => {
    const pretty = await (await ask(`?resource=${ACCT}`, as.curl)).text();
    const compact = await (await ask(`?resource=${ACCT}`)).text();
    expect(pretty.endsWith("}\n")).toBe(true);
    expect(compact).not.toContain("\n");
    expect(JSON.parse(pretty)).toEqual(JSON.parse(compact));
  });

  test("answers HEAD with GET's headers and no body", async () => {
    const get = await ask(`?resource=${ACCT}`);
    const head = await send(app, `${PATH}?resource=${ACCT}`, as.pythonRequests, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(head.headers.get("content-type")).toBe("application/jrd+json");
    expect(await head.text()).toBe("");
  });

  test("takes `+` in a resource as a plus (RFC 3986), not a space as HTML forms would", async () => {
    const plus = testApp({ files: profileWith({ email: "rin+web@example.com" }) });
    expect((await jrdOf("?resource=mailto:rin+web@example.com", plus)).subject).toBe(
      "mailto:rin+web@example.com",
    );
  });

  test("names the actor the profile gives, instead of Mastodon's", async () => {
    const fediverse = { account: "@rin@social.example", actor: "https://social.example/ap/people/7" };
    const other = testApp({ files: profileWith({ fediverse }) });
    expect((await jrdOf(`?resource=${ACCT}&rel=self`, other)).links).toEqual([
      { ...SELF, href: "https://social.example/ap/people/7" },
    ]);
  });
});

describe("an owner with no fediverse account and no email", () => {
  const other = testApp({ files: ownerFiles("anuradha") });

  test("gets a JRD with this site only: no self link, no alias but the site", async () => {
    expect(await jrdOf("?resource=acct:anuradha@rin.example", other)).toEqual({
      subject: "acct:anuradha@rin.example",
      aliases: [`${SITE_URL}/`],
      links: [PROFILE_PAGE],
    });
  });

  test("is not found by an email address", async () => {
    expect((await ask("?resource=mailto:anuradha@example.com", as.pythonRequests, other)).status).toBe(404);
  });
});

describe("refusals, in the error envelope", () => {
  const envelopeOf = async (query: string) => {
    const response = await ask(query);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await response.json()) as { error: { status: number; code: string; message: string } };
    return { status: response.status, body };
  };

  test.each([
    ["someone else here", "?resource=acct:bob@rin.example"],
    ["the owner's handle on another host", "?resource=acct:rin@elsewhere.example"],
    ["another page of the site", "?resource=https://rin.example/api/ping"],
    ["another site", "?resource=https://elsewhere.example/"],
    ["someone else's email", "?resource=mailto:bob@example.com"],
    ["a scheme the site does not answer for", "?resource=urn:isbn:0451450523"],
  ])("%s is not found: 404", async (_what, query) => {
    const { status, body } = await envelopeOf(query);
    expect(status).toBe(404);
    expect(body.error.message).toEndWith(`is not this site's owner; ask for ${ACCT}`);
  });

  test.each([
    ["no resource", "", "resource is missing: ask ?resource=acct:rin@rin.example"],
    ["an empty resource", "?resource=", "resource must be a URI, like acct:rin@rin.example; got "],
    [
      "no scheme",
      "?resource=rin@rin.example",
      "resource must be a URI, like acct:rin@rin.example; got rin@rin.example",
    ],
    ["two resources", `?resource=${ACCT}&resource=${ACCT}`, "resource is given more than once; ask for one"],
    [
      "a broken percent-encoding",
      "?resource=acct:rin%4@rin.example",
      "resource is not percent-encoded as a URI query allows",
    ],
    [
      "an acct: without its host",
      "?resource=acct:rin",
      "an acct: resource is user@host, like acct:rin@rin.example",
    ],
  ])("%s is a bad request: 400", async (_what, query, message) => {
    expect(await envelopeOf(query)).toEqual({
      status: 400,
      body: { error: { status: 400, code: "bad_request", message } },
    });
  });

  test("never echoes control bytes", async () => {
    const { body } = await envelopeOf("?resource=acct:%1B%5B2J@elsewhere.example");
    expect(JSON.stringify(body)).not.toContain("\u001b");
  });
});

describe("over HTTP, as clients we did not write read it", () => {
  // A client finds the WebFinger server from the resource's host, so the site's own
  // address must be the loopback server's: SITE_URL is http://localhost:<port>.
  const port = freePort();
  const siteUrl = `http://localhost:${port}`;
  const address = `rin@localhost:${port}`;
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ PORT: String(port), SITE_URL: siteUrl });
  });
  afterAll(() => server.stop());

  // Its documented options for a development server: plain HTTP, and loopback allowed.
  const client = new WebFinger({ tls_only: false, allow_private_addresses: true, request_timeout: 5000 });

  test("webfinger.js finds the owner by @handle@host, with the actor Mastodon follows", async () => {
    const { object, idx } = await client.lookup(address);
    expect(object.subject).toBe(`acct:${address}`);
    expect(object.links).toContainEqual(SELF);
    expect(idx.links.profile?.[0]?.href).toBe(`${siteUrl}/`);
    expect((await client.lookupLink(address, "profile")).href).toBe(`${siteUrl}/`);
  });

  test("webfinger.js finds the owner by the site's URL too", async () => {
    const { object } = await client.lookup(`${siteUrl}/`);
    expect(object.subject).toBe(`${siteUrl}/`);
    expect(object.links).toContainEqual(SELF);
  });

  test("webfinger.js hears 404 for someone else", async () => {
    const failure = await client.lookup(`nobody@localhost:${port}`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WebFingerError);
    expect((failure as WebFingerError).status).toBe(404);
  });

  test("Mastodon's lookup, as its source reads the answer: the subject is the acct asked for, the self link an ActivityPub actor", async () => {
    // app/lib/webfinger.rb: GET with the resource unencoded and this Accept; a 200 with a
    // subject. ResolveAccountService: the subject's user and host equal the ones asked for
    // (case-insensitively), and the self link's type is application/activity+json.
    const response = await fetch(`${siteUrl}${PATH}?resource=acct:${address}`, {
      headers: {
        accept: "application/jrd+json, application/json",
        "user-agent": "http.rb/5.2.0 (Mastodon/4.3.0; +https://mastodon.example/)",
      },
    });
    expect(response.status).toBe(200);
    const jrd = (await response.json()) as {
      subject: string;
      links: { rel: string; type: string; href: string }[];
    };
    const [user, host] = jrd.subject.replace(/^acct:/, "").split("@");
    expect({ user: user?.toLowerCase(), host: host?.toLowerCase() }).toEqual({
      user: "rin",
      host: `localhost:${port}`,
    });
    const self = Object.fromEntries(jrd.links.map((link) => [link.rel, link])).self;
    expect(self?.type).toBe("application/activity+json");
    expect(self?.href).toBe(SELF.href);
  });
});
