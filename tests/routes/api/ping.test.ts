/** GET /api/ping: the heartbeat for monitors, and a status card for a person at a terminal. */
import { describe, expect, test } from "bun:test";
import { stripColour } from "../../../lib/profile/ansi/index.ts";
import { as, FIXED_NOW, routeTableOf, SITE_URL, send, TERMINAL_CLIENTS, testApp } from "../../support/app.ts";

const app = testApp();
const JSON_TYPE = "application/json; charset=utf-8";

describe("GET /api/ping", () => {
  test("programs get the JSON heartbeat: pong, status, version, uptime, server time; never cached", async () => {
    const response = await send(app, "/api/ping", as.pythonRequests);
    expect(response.headers.get("content-type")).toBe(JSON_TYPE);
    expect(await response.json()).toEqual({
      pong: true,
      status: "ok",
      version: expect.any(String),
      uptimeSeconds: 0,
      serverTime: FIXED_NOW.toISOString(),
    });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("browsers get the JSON heartbeat too, compact", async () => {
    const response = await send(app, "/api/ping", as.browser);
    const text = await response.text();
    expect(response.headers.get("content-type")).toBe(JSON_TYPE);
    expect(text).not.toContain("\n");
    expect(JSON.parse(text).pong).toBe(true);
  });

  for (const [name, headers] of TERMINAL_CLIENTS) {
    test(`${name} gets a coloured status card with uptime, the owner's time and what to try next`, async () => {
      const response = await send(app, "/api/ping", headers);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      expect(text).toContain("\u001b[");
      const plain = stripColour(text);
      expect(plain).toContain("is up: pong");
      expect(plain).toMatch(/uptime\s+0s/);
      expect(plain).toContain("Rin's time");
      expect(plain).toContain("Saturday 14:05 (Europe/Lisbon, GMT)");
      expect(text.endsWith("\n")).toBe(true);
    });
  }

  test("the card suggests the profile, every route the route table features, and the switches", async () => {
    const plain = stripColour(await (await send(app, "/api/ping?width=200", as.curl)).text());
    const suggested = [...plain.matchAll(/^ {2}(curl .+?)(?: {3,}|$)/gm)].map(([, command]) => command);
    const featured = routeTableOf()
      .filter(({ method, featured }) => method === "GET" && featured)
      .map(({ examplePath }) => `curl ${SITE_URL}${examplePath}`);
    expect(suggested).toEqual([`curl ${SITE_URL}`, ...featured, `curl '${SITE_URL}/?help'`]);
  });

  test("curl with an explicit JSON Accept gets pretty JSON ending in a newline", async () => {
    const response = await send(app, "/api/ping", as.curlAskingForJson);
    const text = await response.text();
    expect(response.headers.get("content-type")).toBe(JSON_TYPE);
    expect(text).toStartWith('{\n  "pong": true');
    expect(text.endsWith("}\n")).toBe(true);
  });

  test("uptime counts from start-up", async () => {
    let now = FIXED_NOW.getTime();
    const ticking = testApp({ clock: () => now });
    now += 3_723_000;
    const body = await (await send(ticking, "/api/ping", as.pythonRequests)).json();
    expect(body.uptimeSeconds).toBe(3723);
    const card = stripColour(await (await send(ticking, "/api/ping", as.curl)).text());
    expect(card).toMatch(/uptime\s+1h 2m 3s/);
  });

  test("JSON answers do not read the switches of text answers", async () => {
    const response = await send(app, "/api/ping?width=abc&theme=sepia", as.pythonRequests);
    expect(response.status).toBe(200);
    expect((await response.json()).pong).toBe(true);
  });
});
