/** Security headers, CORS and HTTP caching: the header policy, checked on every response. */
import { describe, expect, test } from "bun:test";
import { DOCS_UI_SCRIPT_PATH } from "../../lib/docs/paths.ts";
import { as, GET_PATHS, send, stableHeaders, testApp } from "../support/app.ts";

const app = testApp();

/** Every GET route of the route table, and the docs. */
const EVERY_GET = [...GET_PATHS, "/api/docs", "/api/docs/json", DOCS_UI_SCRIPT_PATH];
/** Stable bodies, which carry an ETag: any that is not live or random (`no-store`). */
const CACHED: string[] = [];
/** Live or random bodies: never stored. */
const UNCACHED: string[] = [];
// The docs UI's script, named by its version, is kept for good: tests/docs/ui-script.test.ts.
for (const path of EVERY_GET.filter((path) => path !== DOCS_UI_SCRIPT_PATH)) {
  const noStore = (await send(app, path, as.curl)).headers.get("cache-control") === "no-store";
  (noStore ? UNCACHED : CACHED).push(path);
}

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(response.headers.get("content-security-policy")).toStartWith("default-src 'none'");
  for (const name of ["x-powered-by", "server", "x-runtime", "x-aspnet-version"]) {
    expect(response.headers.has(name)).toBe(false);
  }
}

describe("security headers", () => {
  for (const path of [...EVERY_GET, "/api/nope", "/api/%1b%5b2J"]) {
    test(`${path} carries nosniff, Referrer-Policy and a strict CSP, and names no server`, async () => {
      for (const client of [as.curl, as.browser, as.pythonRequests]) {
        expectSecurityHeaders(await send(app, path, client));
      }
    });
  }

  test("405, 413, 304 and the preflight carry them too", async () => {
    expectSecurityHeaders(await send(app, "/api/ping", {}, { method: "DELETE" }));
    expectSecurityHeaders(await send(app, "/api/ping", { "content-length": "99999" }, { method: "POST" }));
    const etag = (await send(app, "/", as.pythonRequests)).headers.get("etag") as string;
    expectSecurityHeaders(await send(app, "/", { ...as.pythonRequests, "if-none-match": etag }));
    expectSecurityHeaders(await send(app, "/api/ping", {}, { method: "OPTIONS" }));
  });

  test("JSON and text load nothing; the docs page may run scripts from its own origin only", async () => {
    const api = (await send(app, "/api/ping")).headers.get("content-security-policy") as string;
    expect(api).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    const docs = await send(app, "/api/docs", as.browser);
    const csp = docs.headers.get("content-security-policy") as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // What the page loads, and from where: tests/docs/ui-script.test.ts and tests/docs/browser.test.ts.
  });
});

describe("CORS for a public API", () => {
  for (const path of EVERY_GET) {
    test(`${path} lets any origin read it, and its ETag, Retry-After, X-Clacks-Overhead and X-Request-Id`, async () => {
      const response = await send(app, path, { ...as.browser, origin: "https://elsewhere.example" });
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-expose-headers")).toBe(
        "ETag, Retry-After, X-Clacks-Overhead, X-Request-Id",
      );
    });
  }

  test("a preflight gets 204 with the allowed methods, headers and Max-Age", async () => {
    const response = await send(
      app,
      "/api/ping",
      {
        origin: "https://elsewhere.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "accept, if-none-match, x-request-id",
      },
      { method: "OPTIONS" },
    );
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("access-control-allow-headers")).toBe(
      "Accept, Content-Type, If-None-Match, X-Request-Id",
    );
    expect(Number(response.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  test("a preflight for an unknown path is a 404 envelope", async () => {
    const response = await send(
      app,
      "/api/nope",
      { "access-control-request-method": "GET" },
      { method: "OPTIONS" },
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("HTTP caching", () => {
  for (const path of CACHED) {
    test(`${path} has a strong ETag, public caching, and 304 for If-None-Match`, async () => {
      for (const client of [as.curl, as.browser]) {
        const first = await send(app, path, client);
        const etag = first.headers.get("etag") as string;
        expect(etag).toMatch(/^"[^"]+"$/);
        // Content for five minutes; what shows the owner's local time to the minute, a minute.
        expect(first.headers.get("cache-control")).toMatch(/^public, max-age=(60|300), must-revalidate$/);
        const again = await send(app, path, client);
        expect(again.headers.get("etag")).toBe(etag);

        const revalidated = await send(app, path, { ...client, "if-none-match": `"other", ${etag}` });
        expect(revalidated.status).toBe(304);
        expect(await revalidated.text()).toBe("");
        expect(revalidated.headers.get("etag")).toBe(etag);
        expect(revalidated.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
        expect(revalidated.headers.get("vary")).toBe(first.headers.get("vary"));

        const stale = await send(app, path, { ...client, "if-none-match": '"not-this-one"' });
        expect(stale.status).toBe(200);
      }
    });
  }

  for (const path of UNCACHED) {
    test(`${path} is no-store and has no ETag`, async () => {
      const response = await send(app, path, as.curl);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.has("etag")).toBe(false);
    });
  }

  test("representations that differ by client differ in ETag and say Vary: Accept, User-Agent (and Accept-Encoding when compressible)", async () => {
    for (const path of EVERY_GET) {
      const byCurl = await send(app, path, as.curl);
      const byBrowser = await send(app, path, as.browser);
      const differ = (await byCurl.text()) !== (await byBrowser.text());
      for (const response of [byCurl, byBrowser]) {
        const vary = response.headers.get("vary");
        // An answer that is the same whoever asks may say nothing, or only Accept-Encoding.
        const expected =
          differ || vary?.includes("User-Agent")
            ? /^Accept, User-Agent(, Accept-Encoding)?$/
            : /^(Accept-Encoding)?$/;
        expect({ path, vary: expected.test(vary ?? "") }).toEqual({ path, vary: true });
      }
      if (differ && byCurl.headers.has("etag")) {
        expect(byCurl.headers.get("etag")).not.toBe(byBrowser.headers.get("etag"));
      }
    }
    // The profile for curl never answers another client's conditional request.
    const curlTag = (await send(app, "/", as.curl)).headers.get("etag") as string;
    const browser = await send(app, "/", { ...as.browser, "if-none-match": curlTag });
    expect(browser.status).toBe(200);
    expect(browser.headers.get("content-type")).toStartWith("text/html");
    const program = await send(app, "/", { ...as.pythonRequests, "if-none-match": curlTag });
    expect(program.status).toBe(200);
    expect(program.headers.get("content-type")).toStartWith("application/json");
  });

  test("answers the same whoever asks carry no Vary: errors, preflights, the docs page", async () => {
    const answers = {
      "a 404": await send(app, "/api/nope", as.curl),
      "a 405": await send(app, "/api/ping", as.curl, { method: "PUT" }),
      "a 400": await send(app, "/?width=3", as.curl),
      "a preflight": await send(
        app,
        "/api/ping",
        { origin: "https://elsewhere.example" },
        { method: "OPTIONS" },
      ),
      "the docs page": await send(app, "/api/docs", as.browser),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect({ name, vary: response.headers.get("vary") }).toEqual({ name, vary: null });
    }
  });

  test("errors are never stored", async () => {
    expect((await send(app, "/api/nope")).headers.get("cache-control")).toBe("no-store");
  });

  for (const path of EVERY_GET) {
    test(`HEAD ${path} carries the same headers as GET and no body`, async () => {
      const get = await send(app, path, as.curl);
      const head = await send(app, path, as.curl, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      expect(stableHeaders(head)).toEqual(stableHeaders(get));
    });
  }
});
