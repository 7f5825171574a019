/**
 * The docs page and its script over HTTP: the page loads one script, from this app, under
 * a CSP that names no other origin; the script is the npm package's browser bundle, the
 * same for everyone, cached for good, compressed per Accept-Encoding and revalidated.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { DOCS_PATH, DOCS_UI_SCRIPT_PATH, DOCS_UI_VERSION, OPENAPI_PATH } from "../../lib/docs/paths.ts";
import { ENCODINGS, type Encoding } from "../../lib/http/compression.ts";
import { as, send, stableHeaders, testApp } from "../support/app.ts";

const app = testApp();
const PACKAGE = join(import.meta.dir, "..", "..", "node_modules", "@scalar", "api-reference");
const bundle = new Uint8Array(readFileSync(join(PACKAGE, "dist", "browser", "standalone.js")));

const DECODE: Record<Encoding, (bytes: Uint8Array) => Uint8Array> = {
  br: brotliDecompressSync,
  zstd: zstdDecompressSync,
  gzip: gunzipSync,
};

/** The page's CSP as directive → sources. */
async function pagePolicy(): Promise<Map<string, string[]>> {
  const csp = (await send(app, DOCS_PATH, as.browser)).headers.get("content-security-policy") ?? "";
  return new Map(
    csp.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("the docs page", () => {
  test("loads one script, the UI's, from this app, and runs nothing inline", async () => {
    const html = await (await send(app, DOCS_PATH, as.browser)).text();
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map(([, src]) => src);
    expect(sources).toEqual([DOCS_UI_SCRIPT_PATH]);
    expect(html).not.toMatch(/<script[^>]*>[^<]+<\/script>/);
    expect(html).toContain(`data-url="${OPENAPI_PATH}"`);
  });

  test("allows scripts from its own origin alone, and names no other origin anywhere", async () => {
    const policy = await pagePolicy();
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    for (const [directive, sources] of policy) {
      for (const source of sources) {
        expect({ directive, source }).toEqual({
          directive,
          source: expect.stringMatching(/^(?:'[a-z-]+'|data:)$/),
        });
      }
    }
  });
});

describe("the UI's script", () => {
  test("is the npm package's browser bundle, at a path named by the version package.json pins", async () => {
    const installed = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")).version;
    expect(installed).toBe(DOCS_UI_VERSION);
    expect(DOCS_UI_SCRIPT_PATH).toStartWith("/api/docs/assets/");
    expect(DOCS_UI_SCRIPT_PATH).toContain(DOCS_UI_VERSION);
    const response = await send(app, DOCS_UI_SCRIPT_PATH, as.browser);
    expect(response.status).toBe(200);
    expect(await response.bytes()).toEqual(bundle);
  });

  test("is JavaScript, the same for everyone, cached for a year as immutable, with a strong ETag", async () => {
    const answers = await Promise.all(
      [as.browser, as.curl, as.pythonRequests].map((client) => send(app, DOCS_UI_SCRIPT_PATH, client)),
    );
    for (const response of answers) {
      expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(stableHeaders(response)).toEqual(stableHeaders(answers[0] as Response));
    }
  });

  test("If-None-Match with its ETag gets a 304 without a body", async () => {
    const etag = (await send(app, DOCS_UI_SCRIPT_PATH, as.browser)).headers.get("etag") as string;
    const again = await send(app, DOCS_UI_SCRIPT_PATH, { ...as.browser, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test.each(ENCODINGS)(
    "in %s decodes to the bundle, with its own ETag, and revalidates",
    async (encoding) => {
      const identityTag = (await send(app, DOCS_UI_SCRIPT_PATH, as.browser)).headers.get("etag") as string;
      const accept = { ...as.browser, "accept-encoding": encoding };
      const encoded = await send(app, DOCS_UI_SCRIPT_PATH, accept);
      expect(encoded.headers.get("content-encoding")).toBe(encoding);
      expect(encoded.headers.get("vary")).toBe("Accept-Encoding");
      const etag = encoded.headers.get("etag") as string;
      expect(etag).toBe(`${identityTag.slice(0, -1)}-${encoding}"`);
      const body = await encoded.bytes();
      expect(body.byteLength).toBeLessThan(bundle.byteLength / 3);
      expect(DECODE[encoding](body)).toEqual(bundle);
      const again = await send(app, DOCS_UI_SCRIPT_PATH, { ...accept, "if-none-match": etag });
      expect(again.status).toBe(304);
    },
  );

  test("answers HEAD with GET's headers and no body, in a coding too", async () => {
    for (const client of [as.browser, { ...as.browser, "accept-encoding": "gzip, br" }]) {
      const get = await send(app, DOCS_UI_SCRIPT_PATH, client);
      const head = await send(app, DOCS_UI_SCRIPT_PATH, client, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect((await head.bytes()).byteLength).toBe(0);
      expect(stableHeaders(head)).toEqual(stableHeaders(get));
    }
  });

  test("is no operation of the API: the OpenAPI document does not list it", async () => {
    const { paths } = (await (await send(app, OPENAPI_PATH, as.pythonRequests)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(paths).filter((path) => path.startsWith("/api/docs"))).toEqual([]);
  });
});
