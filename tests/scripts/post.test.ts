/**
 * `bun run post` against stand-ins on loopback (a Bluesky PDS, a Mastodon server): the
 * latest update posted once to each account, with the link as a facet and the preview
 * image as the card's thumb on Bluesky, within the server's limit on Mastodon, and where
 * it was posted kept in the history; never twice, whether the history says so (a rerun)
 * or not (a second machine, a retried pipeline); one account failing never stops the
 * other nor the command, and says in one line what happened; credentials never printed.
 */
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isValidTid } from "@atproto/syntax";
import type { NowHistory } from "../../lib/content/schemas.ts";
import { recordKey } from "../../lib/posting/record-key.ts";
import { nowCommand } from "../../scripts/now.ts";
import { post } from "../../scripts/post.ts";
import { HANDLE, PASSWORD, startBluesky } from "../support/bluesky.ts";
import { startMastodon, TOKEN } from "../support/mastodon.ts";
import { ownerDir } from "../support/owners.ts";
import { pngSize } from "../support/png.ts";

const bluesky = startBluesky();
const mastodon = startMastodon();
afterAll(() => {
  bluesky.stop();
  mastodon.stop();
});

const UPDATE = {
  id: "urn:uuid:4f7c2a10-8b1e-4c3d-9a2f-1e5b6c7d8e90",
  at: "2026-11-20T08:15:00Z",
  text: "Building: A tide table for the surf school",
};
const OLDER = {
  id: "tag:rin.example,2026:now-1",
  at: "2026-10-02T17:00:05Z",
  text: "Status: Back from Ericeira",
};
const KEY = recordKey(UPDATE);
const LINK = `https://rin.example/?now=${KEY}#now`;

const ENV = {
  SITE_URL: "https://rin.example",
  BLUESKY_HANDLE: HANDLE,
  BLUESKY_APP_PASSWORD: PASSWORD,
  BLUESKY_SERVICE: bluesky.url,
  MASTODON_URL: mastodon.url,
  MASTODON_TOKEN: TOKEN,
  POST_TIMEOUT_MS: "500",
};

/** A content folder of the sample owner's with this history. */
function folderWith(history: NowHistory): string {
  const dir = mkdtempSync(join(tmpdir(), "site-post-"));
  cpSync(ownerDir("rin"), dir, { recursive: true });
  writeFileSync(join(dir, "now-history.json"), JSON.stringify(history));
  return dir;
}
const historyIn = (dir: string): NowHistory =>
  JSON.parse(readFileSync(join(dir, "now-history.json"), "utf8"));

async function posting(dir: string, env: Record<string, string> = ENV) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await post(["--content-dir", dir], env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err, all: [...out, ...err].join("\n") };
}

const statusesPosted = () =>
  mastodon.requests.filter(({ method, path }) => method === "POST" && path === "/api/v1/statuses").length;
const recordsPut = () => bluesky.requests.filter(({ path }) => path.includes("putRecord")).length;

beforeEach(() => {
  for (const method of ["com.atproto.server.createSession", "com.atproto.repo.putRecord"] as const)
    bluesky.misbehave(method, undefined);
  for (const call of ["post", "instance", "verify", "statuses"] as const) mastodon.misbehave(call, undefined);
  bluesky.records.clear();
  mastodon.reset();
  mastodon.maxCharacters = 500;
});

describe("the latest update, posted", () => {
  test("to both accounts, each in one line, and kept in the history", async () => {
    const dir = folderWith([UPDATE, OLDER]);
    const { code, out, err } = await posting(dir);
    expect({ code, err }).toEqual({ code: 0, err: [] });
    const [status] = [...mastodon.posted.values()];
    expect(out).toEqual([
      `Bluesky: posted: https://bsky.app/profile/${bluesky.did}/post/${KEY}`,
      `Mastodon: posted: ${status?.url}`,
      `Kept in ${join(dir, "now-history.json")}: where the update was posted`,
    ]);
    expect(historyIn(dir)).toEqual([
      {
        ...UPDATE,
        posts: [
          {
            service: "bluesky",
            url: `https://bsky.app/profile/${bluesky.did}/post/${KEY}`,
            id: `at://${bluesky.did}/app.bsky.feed.post/${KEY}`,
          },
          { service: "mastodon", url: status?.url as string, id: status?.id as string },
        ],
      },
      OLDER,
    ]);
  });

  test("on Bluesky: the text, the link as a facet over its own bytes, the preview image as the card's thumb, at a key made from the update", async () => {
    await posting(folderWith([UPDATE]));
    const [uri = "", record] = [...bluesky.records][0] ?? [];
    const value = (record?.value ?? {}) as Record<string, unknown>;
    expect(isValidTid(uri.split("/").at(-1) as string)).toBe(true);
    expect(value.text).toBe(`${UPDATE.text}\n\nrin.example`);
    expect(value.createdAt).toBe("2026-11-20T08:15:00.000Z");
    const [facet] = value.facets as {
      index: { byteStart: number; byteEnd: number };
      features: { uri: string }[];
    }[];
    const bytes = new TextEncoder().encode(value.text as string);
    expect(new TextDecoder().decode(bytes.slice(facet?.index.byteStart, facet?.index.byteEnd))).toBe(
      "rin.example",
    );
    expect(facet?.features as unknown).toEqual([{ $type: "app.bsky.richtext.facet#link", uri: LINK }]);
    const { external } = value.embed as { external: Record<string, unknown> };
    expect(external).toMatchObject({
      uri: LINK,
      title: "Rin Hayashi · Staff ML Engineer",
      description: UPDATE.text,
    });
    const thumb = external.thumb as { ref: { $link: string }; mimeType: string };
    expect(thumb.mimeType).toBe("image/png");
    expect(pngSize(bluesky.blobs.get(thumb.ref.$link) as Uint8Array)).toEqual({ width: 1200, height: 630 });
  });

  test("on Mastodon: the text and the update's own link, public, with an Idempotency-Key made from the update", async () => {
    await posting(folderWith([UPDATE]));
    const request = mastodon.requests.findLast(
      ({ method, path }) => method === "POST" && path === "/api/v1/statuses",
    );
    expect(JSON.parse(request?.body ?? "{}")).toEqual({
      status: `${UPDATE.text}\n\n${LINK}`,
      visibility: "public",
    });
    expect(request?.headers["idempotency-key"]).toBe(`site-now-${KEY}`);
  });

  test("within 300 graphemes on Bluesky, and the server's limit on Mastodon, the link whole", async () => {
    // The longest text a history holds, in characters a person counts as one each.
    const long = { ...UPDATE, text: `Status: ${"é".repeat(292)}` };
    mastodon.maxCharacters = 60;
    const { out } = await posting(folderWith([long]));
    expect(out.slice(0, 2).map((line) => line.split(":")[1])).toEqual([" posted", " posted"]);
    const text = [...bluesky.records.values()][0]?.value.text as string;
    expect([...new Intl.Segmenter().segment(text)].length).toBeLessThanOrEqual(300);
    expect(text.endsWith("…\n\nrin.example")).toBe(true);
    const status = JSON.parse(
      mastodon.requests.findLast(({ method, path }) => method === "POST" && path === "/api/v1/statuses")
        ?.body ?? "{}",
    ).status as string;
    expect(status.endsWith(`…\n\n${LINK}`)).toBe(true);
  });
});

describe("once per update per account", () => {
  test("a rerun asks no one: the history says where it was posted", async () => {
    const dir = folderWith([UPDATE]);
    await posting(dir);
    const [puts, statuses, asked] = [
      recordsPut(),
      statusesPosted(),
      bluesky.requests.length + mastodon.requests.length,
    ];
    const { code, out } = await posting(dir);
    expect(code).toBe(0);
    expect(out.map((line) => line.replace(/: http\S+$/, ""))).toEqual([
      "Bluesky: already posted, as the history says",
      "Mastodon: already posted, as the history says",
    ]);
    expect([recordsPut(), statusesPosted(), bluesky.requests.length + mastodon.requests.length]).toEqual([
      puts,
      statuses,
      asked,
    ]);
  });

  test("a second machine, or a pipeline retried before the history was kept, finds the posts and posts nothing again", async () => {
    const first = folderWith([UPDATE]);
    await posting(first);
    const [puts, statuses] = [recordsPut(), statusesPosted()];
    const second = folderWith([UPDATE]);
    const { code, out } = await posting(second);
    expect(code).toBe(0);
    expect(out.slice(0, 2)).toEqual([
      `Bluesky: already posted: https://bsky.app/profile/${bluesky.did}/post/${KEY}`,
      `Mastodon: already posted: ${historyIn(first)[0]?.posts?.[1]?.url}`,
    ]);
    expect([recordsPut(), statusesPosted()]).toEqual([puts, statuses]);
    expect(historyIn(second)).toEqual(historyIn(first));
  });

  test("two machines at once: the second put of the same post is a no-op, or refused as another post there", async () => {
    const [a, b] = [folderWith([UPDATE]), folderWith([UPDATE])];
    const [ra, rb] = await Promise.all([posting(a), posting(b)]);
    expect(bluesky.records.size).toBe(1);
    expect([ra.code, rb.code]).toEqual([0, 0]);
    for (const run of [ra, rb]) expect(run.out[0]).toMatch(/^Bluesky: (already )?posted: /);
  });
});

describe("an account failing", () => {
  const failures = [
    [
      "a refused app password",
      () => {
        // The stand-in knows one password: any other is refused as Bluesky refuses it.
      },
      { ...ENV, BLUESKY_APP_PASSWORD: "wxyz-wxyz-wxyz-wxyz" },
      "Bluesky: not posted: createSession: answered 401: AuthenticationRequired: Invalid identifier or password",
    ],
    [
      "a 429 with the time its limit resets",
      () =>
        bluesky.misbehave("com.atproto.server.createSession", {
          kind: "status",
          status: 429,
          headers: { "retry-after": "300" },
          body: JSON.stringify({ error: "RateLimitExceeded", message: "Rate Limit Exceeded" }),
        }),
      ENV,
      "Bluesky: not posted: createSession: rate limited (429), until in 300 s: RateLimitExceeded: Rate Limit Exceeded",
    ],
    [
      "a 502",
      () =>
        bluesky.misbehave("com.atproto.repo.putRecord", {
          kind: "status",
          status: 502,
          body: "<html>bad gateway</html>",
        }),
      ENV,
      "Bluesky: not posted: putRecord: answered 502",
    ],
    [
      "an answer that is not JSON",
      () => bluesky.misbehave("com.atproto.server.createSession", { kind: "garbage" }),
      ENV,
      "Bluesky: not posted: createSession: answered 200 with a body that is not JSON",
    ],
    [
      "a hang",
      () => bluesky.misbehave("com.atproto.server.createSession", { kind: "hang" }),
      ENV,
      "Bluesky: not posted: createSession: no answer within 500 ms",
    ],
  ] as const;

  test.each(failures)(
    "%s: one line, the other account posted, the command done",
    async (_name, arrange, env, line) => {
      arrange();
      const dir = folderWith([UPDATE]);
      const started = performance.now();
      const { code, out, all } = await posting(dir, env);
      expect(performance.now() - started).toBeLessThan(5000);
      expect(code).toBe(0);
      expect(out[0]).toBe(line);
      expect(out[1]).toMatch(/^Mastodon: posted: http/);
      expect(historyIn(dir)[0]?.posts?.map(({ service }) => service)).toEqual(["mastodon"]);
      for (const secret of [PASSWORD, TOKEN, env.BLUESKY_APP_PASSWORD]) expect(all).not.toContain(secret);
    },
  );

  test("Mastodon's rate limit says when it resets; a refused token says so; Bluesky is posted all the same", async () => {
    const resets = "2026-11-29T12:00:00.000Z";
    mastodon.misbehave("post", {
      kind: "status",
      status: 429,
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": resets },
      body: JSON.stringify({ error: "Too many requests" }),
    });
    const limited = await posting(folderWith([UPDATE]));
    expect(limited.out.slice(0, 2)).toEqual([
      `Bluesky: posted: https://bsky.app/profile/${bluesky.did}/post/${KEY}`,
      `Mastodon: not posted: POST /api/v1/statuses: rate limited (429), until ${resets}: Too many requests`,
    ]);
    mastodon.misbehave("post", undefined);
    const refused = await posting(folderWith([OLDER]), { ...ENV, MASTODON_TOKEN: "not-the-token" });
    expect(refused.out[1]).toBe(
      "Mastodon: not posted: verify_credentials: answered 401: The access token is invalid",
    );
    expect(refused.all).not.toContain("not-the-token");
  });

  test("a server that refuses connections: one line", async () => {
    const { out } = await posting(folderWith([UPDATE]), { ...ENV, MASTODON_URL: "http://127.0.0.1:1" });
    expect(out[1]).toBe("Mastodon: not posted: GET /api/v2/instance: no answer (ECONNREFUSED)");
  });

  test("a credential a server echoes back is taken out of the line", async () => {
    bluesky.misbehave("com.atproto.server.createSession", {
      kind: "status",
      status: 400,
      body: JSON.stringify({ error: "InvalidRequest", message: `bad password ${PASSWORD}` }),
    });
    const { out, all } = await posting(folderWith([UPDATE]));
    expect(out[0]).toBe(
      "Bluesky: not posted: createSession: answered 400: InvalidRequest: bad password [redacted]",
    );
    expect(all).not.toContain(PASSWORD);
  });
});

describe("accounts not set", () => {
  test("each is skipped with a line naming its variables; nothing is asked or written", async () => {
    const dir = folderWith([UPDATE]);
    const before = bluesky.requests.length + mastodon.requests.length;
    const { code, out } = await posting(dir, { SITE_URL: "https://rin.example" });
    expect({ code, out }).toEqual({
      code: 0,
      out: [
        "Bluesky: skipped: BLUESKY_HANDLE and BLUESKY_APP_PASSWORD are not set",
        "Mastodon: skipped: MASTODON_URL and MASTODON_TOKEN are not set",
      ],
    });
    expect(bluesky.requests.length + mastodon.requests.length).toBe(before);
    expect(historyIn(dir)).toEqual([UPDATE]);
  });

  test("one variable of a pair is named, its partner's value never", async () => {
    const { out, all } = await posting(folderWith([UPDATE]), {
      SITE_URL: "https://rin.example",
      BLUESKY_APP_PASSWORD: PASSWORD,
      MASTODON_URL: "not a url",
      MASTODON_TOKEN: TOKEN,
    });
    expect(out).toEqual([
      "Bluesky: skipped: BLUESKY_HANDLE: is not set, and BLUESKY_APP_PASSWORD is: set both, or neither",
      "Mastodon: skipped: MASTODON_URL: must be an absolute URL such as https://mastodon.example",
    ]);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(TOKEN);
  });

  test("with no update in the history, nothing is posted", async () => {
    const { code, out } = await posting(folderWith([]));
    expect({ code, out }).toEqual({
      code: 0,
      out: ["Nothing to post: the history of /now has no update yet"],
    });
  });
});

describe("bun run now … --post", () => {
  test("changes /now, records the update, posts it, and keeps where with it", async () => {
    const dir = folderWith([OLDER]);
    const said: string[] = [];
    const io = { out: (line: string) => said.push(line), err: (line: string) => said.push(line) };
    const clock = { now: () => Date.parse("2026-11-29T09:30:00Z"), sleep: () => {} };
    expect(
      await nowCommand(
        ["status", "Surfing", "at", "Ericeira", "--post", "--content-dir", dir],
        io,
        clock,
        ENV,
      ),
    ).toBe(0);
    const [latest] = historyIn(dir);
    expect(latest?.text).toBe("Status: Surfing at Ericeira");
    expect(latest?.posts?.map(({ service }) => service)).toEqual(["bluesky", "mastodon"]);
    expect(said.filter((line) => /^(Bluesky|Mastodon): posted: /.test(line))).toHaveLength(2);
  });
});
