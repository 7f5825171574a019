/** Prepared responses: one body and its headers, copied per request; a strong ETag and its 304 per coding. */
import { describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { CACHE_CONTROL, CONTENT_TYPE } from "../../lib/http/headers.ts";
import { PreparedResponse } from "../../lib/http/prepared-response.ts";

const OPTIONS = { contentType: CONTENT_TYPE.text, cacheControl: CACHE_CONTROL.content, etag: true };
const ask = (headers: Record<string, string> = {}) => new Request("http://localhost/", { headers });

describe("PreparedResponse", () => {
  test("hands out a fresh copy per request, the same body and headers each time", async () => {
    const prepared = new PreparedResponse("hello\n", OPTIONS);
    const [a, b] = [prepared.respond(ask()), prepared.respond(ask())];
    expect(a).not.toBe(b);
    expect([await a.text(), await b.text()]).toEqual(["hello\n", "hello\n"]);
    expect(a.headers.get("etag")).toMatch(/^"[\w-]{27}"$/);
    expect(b.headers.get("etag")).toBe(a.headers.get("etag"));
  });

  test("answers 304 without a body to a client that holds it", async () => {
    const prepared = new PreparedResponse("hello\n", OPTIONS);
    const etag = prepared.respond(ask()).headers.get("etag") as string;
    const again = prepared.respond(ask({ "if-none-match": etag }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  test("sends a body over a kilobyte in the coding asked for, with that coding's own ETag", async () => {
    const body = "x".repeat(4096);
    const prepared = new PreparedResponse(body, OPTIONS);
    const plain = prepared.respond(ask());
    const gzip = prepared.respond(ask({ "accept-encoding": "gzip" }));
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(new TextDecoder().decode(gunzipSync(await gzip.bytes()))).toBe(body);
    expect(gzip.headers.get("etag")).toBe(`${(plain.headers.get("etag") as string).slice(0, -1)}-gzip"`);
    expect(gzip.headers.get("vary")).toBe("Accept, User-Agent, Accept-Encoding");
  });
});
