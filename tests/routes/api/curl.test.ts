/** GET /api/curl: the profile for terminals, whoever asks; `/` gives terminals the same bytes. */
import { describe, expect, test } from "bun:test";
import { as, SITE_URL, send, stableHeaders, TERMINAL_CLIENTS, testApp } from "../../support/app.ts";

const app = testApp();

describe("GET /api/curl", () => {
  test("is the profile in ANSI colour for anyone who asks, curl or not", async () => {
    for (const headers of [as.curl, as.browser, as.pythonRequests]) {
      const response = await send(app, "/api/curl", headers);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toContain("\u001b[");
    }
  });

  for (const [name, headers] of TERMINAL_CLIENTS) {
    test(`is, for ${name}, exactly the bytes and headers / answers`, async () => {
      const root = await send(app, "/", headers);
      const curl = await send(app, "/api/curl", headers);
      expect(await curl.text()).toBe(await root.text());
      expect(stableHeaders(curl)).toEqual(stableHeaders(root));
    });
  }

  test("takes the switches as / does", async () => {
    for (const query of ["?nocolor", "?width=60&theme=dark"]) {
      const root = await (await send(app, `/${query}`, as.curl)).text();
      expect(await (await send(app, `/api/curl${query}`, as.curl)).text()).toBe(root);
    }
  });

  test("?help shows each switch at /api/curl", async () => {
    const help = await (await send(app, "/api/curl?help&nocolor", as.curl)).text();
    expect(help).toContain(`curl '${SITE_URL}/api/curl?width=60'`);
  });
});
