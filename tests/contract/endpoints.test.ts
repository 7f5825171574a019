/**
 * Contract: every route of the route table answers each client class exactly as the
 * reference app does (status, headers, bytes), over real HTTP, whichever runtime serves
 * it, for each fixture owner. An answer that is live or random (`no-store`: the heartbeat,
 * a random pick) is compared by its status and headers, and Prism judges its body
 * (`openapi.test.ts`).
 */
import { describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { DOCS_PATH, DOCS_UI_SCRIPT_PATH, OPENAPI_PATH } from "../../lib/docs/paths.ts";
import type { Encoding } from "../../lib/http/compression.ts";
import { PREVIEW_IMAGE } from "../../lib/profile/model/preview-card.ts";
import { VERSION } from "../../lib/runtime/version.ts";
import { as, routePath } from "../support/app.ts";
import { pngSize } from "../support/png.ts";
import { CONTRACT_HEADERS, OWNERS, snapshot, useTargets } from "./target.ts";

const contract = useTargets();
const clients = Object.entries(as) as [string, Record<string, string>][];

describe.each(OWNERS)("%s's site", (owner) => {
  const { content, paths, remote, local } = contract(owner);

  describe.each(clients)("as %s", (_name, headers) => {
    test.each([...paths, DOCS_PATH, OPENAPI_PATH, DOCS_UI_SCRIPT_PATH])(
      "GET %s is the reference's answer",
      async (path) => {
        let [got, want] = [
          await snapshot(await remote(path, headers)),
          await snapshot(await local(path, headers)),
        ];
        if (want.headers["cache-control"] === "no-store") {
          // Live or random: the same status and headers; its body is the document's to judge.
          expect({ ...got, body: "" }).toEqual({ ...want, body: "" });
          return;
        }
        // Retried once: text that shows the owner's time is drawn again each minute.
        if (!Bun.deepEquals(got, want)) {
          [got, want] = [
            await snapshot(await remote(path, headers)),
            await snapshot(await local(path, headers)),
          ];
        }
        expect(got).toEqual(want);
      },
    );
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

  describe("GET /", () => {
    test("a terminal gets the profile, naming the owner", async () => {
      const text = await (await remote("/", as.curl)).text();
      expect(text).toContain(content.profile.name);
      expect(text).toContain("\x1b[");
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
});

describe.each(OWNERS)("%s's preview image", (owner) => {
  const { remote, local } = contract(owner);

  // Drawn by the target from the files it carries (the executable, alone in its folder) or
  // finds (node_modules): the same bytes as the reference draws, so the same ETag.
  test("is the reference's PNG, byte for byte, 1200×630 by its own header", async () => {
    const got = await remote(PREVIEW_IMAGE.path, as.browser);
    const want = await local(PREVIEW_IMAGE.path, as.browser);
    const head = (response: Response) =>
      Object.fromEntries(CONTRACT_HEADERS.map((name) => [name, response.headers.get(name)]));
    expect({ status: got.status, headers: head(got) }).toEqual({ status: want.status, headers: head(want) });
    const image = await got.bytes();
    expect(pngSize(image)).toEqual({ width: PREVIEW_IMAGE.width, height: PREVIEW_IMAGE.height });
    expect(image).toEqual(await want.bytes());
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
