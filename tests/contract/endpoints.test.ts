/**
 * Contract: every endpoint answers each client class exactly as the reference app does
 * (status, headers, bytes), over real HTTP, whichever runtime serves it, for each fixture
 * owner.
 */
import { describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { DOCS_PATH, DOCS_UI_SCRIPT_PATH } from "../../lib/docs/paths.ts";
import { classifyClient } from "../../lib/http/client-kind.ts";
import type { Encoding } from "../../lib/http/compression.ts";
import { serialiseJson } from "../../lib/http/prepared-response.ts";
import { VERSION } from "../../lib/runtime/version.ts";
import { as, routePath } from "../support/app.ts";
import { CONTRACT_HEADERS, OWNERS, snapshot, useTargets } from "./target.ts";

const contract = useTargets();
const clients = Object.entries(as) as [string, Record<string, string>][];

/** Terminal clients get pretty JSON (docs/http.md); the reference decides who is one. */
const isPretty = (headers: Record<string, string>): boolean =>
  classifyClient(headers["user-agent"] ?? null, headers.accept ?? null).prettyJson;

describe.each(OWNERS)("%s's site", (owner) => {
  const { content, profilePath, paths, remote, local } = contract(owner);

  /** Endpoints whose answer depends on nothing but the request and the content. */
  const FIXED = [
    profilePath,
    "/api/now",
    "/api/stack",
    "/api/docs/json",
    "/sitemap.xml",
    DOCS_PATH,
    DOCS_UI_SCRIPT_PATH,
  ];

  describe.each(clients)("as %s", (_name, headers) => {
    test.each(FIXED)("GET %s is byte for byte the reference answer", async (path) => {
      expect(await snapshot(await remote(path, headers))).toEqual(await snapshot(await local(path, headers)));
    });

    // Retried once: the text is re-rendered each minute.
    test("GET / and /api/curl match the reference (re-rendered each minute: retried once)", async () => {
      for (const path of ["/", "/api/curl", "/api/curl?nocolor"]) {
        let got = await snapshot(await remote(path, headers));
        let want = await snapshot(await local(path, headers));
        if (!Bun.deepEquals(got, want)) {
          got = await snapshot(await remote(path, headers));
          want = await snapshot(await local(path, headers));
        }
        expect(got).toEqual(want);
      }
    });

    test("GET /api/fortune is one of the quotes, serialised as the reference does", async () => {
      const response = await remote("/api/fortune", headers);
      expect(response.status).toBe(200);
      const bodies = content.quotes.map((quote) => serialiseJson(quote, isPretty(headers)));
      expect(bodies).toContain(await response.text());
    });

    test("GET /api/roast is one of the roasts, never the same twice in a row", async () => {
      const bodies = content.roasts.map((roast) => serialiseJson(roast, isPretty(headers)));
      const first = await (await remote("/api/roast", headers)).text();
      const second = await (await remote("/api/roast", headers)).text();
      expect(bodies).toContain(first);
      expect(bodies).toContain(second);
      expect(second).not.toBe(first);
    });
  });

  describe("GET /api/ping", () => {
    test("answers programs with pong, ok and the version with its commit", async () => {
      const response = await remote("/api/ping", as.pythonRequests);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = await response.json();
      expect(body).toMatchObject({ pong: true, status: "ok", version: VERSION });
      expect(body.version).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{7,40}$/);
      expect(Date.parse(body.serverTime)).toBeGreaterThan(Date.now() - 60_000);
    });

    test("answers terminals with a text status card, and plain text with ?nocolor", async () => {
      const colour = await remote("/api/ping", as.curl);
      expect(colour.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await colour.text()).toContain("\x1b[");
      const plain = await (await remote("/api/ping?nocolor", as.curl)).text();
      expect(plain).toContain("pong");
      expect(plain).toContain(VERSION);
      expect(plain).not.toContain("\x1b");
      expect(plain.endsWith("\n")).toBe(true);
    });

    test("a terminal asking for JSON gets pretty JSON with a trailing newline", async () => {
      const text = await (await remote("/api/ping", as.curlAskingForJson)).text();
      expect(text.endsWith("}\n")).toBe(true);
      expect(JSON.parse(text).pong).toBe(true);
    });
  });

  describe("the / rewrite", () => {
    test("a terminal gets at / exactly what /api/curl returns", async () => {
      const [root, curl] = await Promise.all([remote("/", as.curl), remote("/api/curl", as.curl)]);
      let [a, b] = [await root.text(), await curl.text()];
      if (a !== b)
        [a, b] = [
          await (await remote("/", as.curl)).text(),
          await (await remote("/api/curl", as.curl)).text(),
        ];
      expect(a).toBe(b);
      expect(a).toContain(content.profile.name);
    });

    test("a program gets the JSON index at /, listing every route", async () => {
      const index = await (await remote("/", as.pythonRequests)).json();
      const listed = index.endpoints.map((endpoint: { path: string }) => endpoint.path);
      for (const path of paths) expect(listed).toContain(routePath(path));
    });

    test("a browser gets the HTML page at /, naming the owner", async () => {
      const page = await remote("/", as.browser);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await page.text()).toContain(content.profile.name);
    });
  });

  test("every page the sitemap lists answers 200, for every client", async () => {
    const sitemap = await (await remote("/sitemap.xml")).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url as string));
    expect(urls.map(({ pathname }) => pathname)).toEqual([
      "/",
      ...content.site.pages.map((page) => new URL(page).pathname),
    ]);
    for (const url of urls) {
      for (const [, headers] of clients) {
        expect({ url: url.href, status: (await remote(url.pathname, headers)).status }).toEqual({
          url: url.href,
          status: 200,
        });
      }
    }
  });
});

describe("the docs UI's script", () => {
  const { remote, local } = contract("rin");
  const DECODE: Record<Encoding, (bytes: Uint8Array) => Uint8Array> = {
    br: brotliDecompressSync,
    zstd: zstdDecompressSync,
    gzip: gunzipSync,
  };

  const head = (response: Response) => ({
    status: response.status,
    headers: Object.fromEntries(CONTRACT_HEADERS.map((name) => [name, response.headers.get(name)])),
  });

  // Each runtime's compressor may write other bytes (Deno's zstd and brotli do): what must
  // be equal is every header, the ETag among them, and the bytes once decoded.
  test.each(Object.keys(DECODE) as Encoding[])(
    "in %s, has the reference's headers and decodes to its bytes",
    async (encoding) => {
      const headers = { ...as.browser, "accept-encoding": encoding };
      const got = await remote(DOCS_UI_SCRIPT_PATH, headers);
      const want = await local(DOCS_UI_SCRIPT_PATH, headers);
      expect(head(got)).toEqual(head(want));
      expect(DECODE[encoding](await got.bytes())).toEqual(DECODE[encoding](await want.bytes()));
    },
  );
});
