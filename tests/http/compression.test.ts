/**
 * Content codings: a body over a kilobyte goes out as br, zstd or gzip per the
 * request's Accept-Encoding, each with its own strong ETag, and decodes to the bytes of
 * the identity answer.
 */
import { describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import {
  COMPRESS_MIN_BYTES,
  ENCODINGS,
  type Encoding,
  negotiateEncoding,
} from "../../lib/http/compression.ts";
import { as, send, testApp } from "../support/app.ts";

const app = testApp();

const DECODE: Record<Encoding, (bytes: Uint8Array) => Uint8Array> = {
  br: brotliDecompressSync,
  zstd: zstdDecompressSync,
  gzip: gunzipSync,
};

/** Bodies well over the threshold, for a terminal, a browser and a program. */
const LARGE: readonly [string, Record<string, string>][] = [
  ["/api/docs/json", as.pythonRequests],
  ["/", as.browser],
  ["/", as.curl],
  ["/?nocolor", as.curl],
  ["/", as.pythonRequests],
];

describe("negotiateEncoding", () => {
  test.each([
    [null, undefined],
    ["", undefined],
    ["identity", undefined],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["GZIP", "gzip"],
    ["deflate", undefined],
    ["gzip, deflate", "gzip"],
    ["gzip, deflate, br, zstd", "br"],
    ["zstd, gzip", "zstd"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0.5, zstd;q=0.9, gzip;q=0.1", "zstd"],
    ["*", "br"],
    ["*;q=0.5, identity", undefined],
    ["br;q=0, *", "zstd"],
    ["gzip;q=0", undefined],
    ["identity;q=0, gzip;q=0.001", "gzip"],
    ["br;q=1.5, gzip", "gzip"],
    ["br;q=abc, gzip", "gzip"],
    ["br;q=0.3, identity;q=0.5", undefined],
    [" ,, br ; q=1 ,", "br"],
  ] as const)("%p gives %p", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  test("identity when every coding we have is refused, identity included", () => {
    expect(negotiateEncoding("identity;q=0, *;q=0")).toBeUndefined();
  });
});

describe("a body over the threshold", () => {
  for (const [path, client] of LARGE) {
    describe(`${path} as ${client["user-agent"]?.split("/")[0]}`, () => {
      test("is larger than the threshold, and without Accept-Encoding goes out as is", async () => {
        const identity = await send(app, path, client);
        expect(identity.headers.get("content-encoding")).toBeNull();
        expect(identity.headers.get("vary")).toBe("Accept, User-Agent, Accept-Encoding");
        expect((await identity.bytes()).byteLength).toBeGreaterThan(COMPRESS_MIN_BYTES);
      });

      test.each(ENCODINGS)(
        "in %s decodes to the same bytes, smaller, with its own ETag",
        async (encoding) => {
          const identity = await send(app, path, client);
          const encoded = await send(app, path, { ...client, "accept-encoding": encoding });
          expect(encoded.headers.get("content-encoding")).toBe(encoding);
          expect(encoded.headers.get("vary")).toBe(identity.headers.get("vary"));
          expect(encoded.headers.get("content-type")).toBe(identity.headers.get("content-type"));
          const body = await encoded.bytes();
          const plain = await identity.bytes();
          expect(body.byteLength).toBeLessThan(plain.byteLength);
          expect(DECODE[encoding](body)).toEqual(plain);
          const tag = identity.headers.get("etag");
          if (tag) expect(encoded.headers.get("etag")).toBe(`${tag.slice(0, -1)}-${encoding}"`);
        },
      );
    });
  }

  test.each(ENCODINGS)("If-None-Match gives 304 per coding: %s", async (encoding) => {
    const accept = { ...as.pythonRequests, "accept-encoding": encoding };
    const tag = (await send(app, "/", accept)).headers.get("etag") as string;
    const again = await send(app, "/", { ...accept, "if-none-match": tag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(tag);
    expect(again.headers.get("vary")).toBe("Accept, User-Agent, Accept-Encoding");
    // The identity tag names another representation: the client gets this one in full.
    const identityTag = (await send(app, "/", as.pythonRequests)).headers.get("etag") as string;
    const other = await send(app, "/", { ...accept, "if-none-match": identityTag });
    expect(other.status).toBe(200);
    expect(other.headers.get("content-encoding")).toBe(encoding);
  });

  test("HEAD names the coding GET would use and sends no body", async () => {
    const head = await send(app, "/api/docs/json", { "accept-encoding": "gzip" }, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-encoding")).toBe("gzip");
    expect((await head.bytes()).byteLength).toBe(0);
  });
});

describe("a body under the threshold", () => {
  test.each(["/api/ping"])("%s goes out as is, and does not vary on Accept-Encoding", async (path) => {
    const response = await send(app, path, { ...as.pythonRequests, "accept-encoding": "br, gzip" });
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBe("Accept, User-Agent");
    expect((await response.bytes()).byteLength).toBeLessThanOrEqual(COMPRESS_MIN_BYTES);
  });
});
