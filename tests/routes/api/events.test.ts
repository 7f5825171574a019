/**
 * GET /api/events: the live status as Server-Sent Events: at once, on every change, a
 * comment when quiet, a `retry:` hint at the start and at the end, and an `end` event when
 * its time is up.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { liveStatusSchema } from "../../../lib/profile/model/live-status.ts";
import { as, FIXED_NOW, SITE_URL, send, testApp } from "../../support/app.ts";
import { firstChunks } from "../../support/body.ts";
import { startServer, type TestServer } from "../../support/server.ts";

/** An event stream's text, as a client reads it: its events (type and data) and comments. */
function parsed(text: string) {
  const blocks = text.split("\n\n").filter(Boolean);
  return blocks.map((block) => {
    const fields = block.split("\n").map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, "")] as const;
    });
    return Object.fromEntries(fields.map(([name, value]) => [name || "comment", value]));
  });
}

describe("GET /api/events", () => {
  test("is an event stream: a retry hint, then the status at once, as JSON the document describes", async () => {
    const response = await send(testApp(), "/api/events", as.browser);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const [first] = await firstChunks(response, 1);
    const [retry, status] = parsed(first as string);
    expect(retry).toEqual({ retry: "5000" });
    expect(status?.event).toBe("status");
    const data = JSON.parse(status?.data as string);
    expect(Value.Errors(liveStatusSchema(), data).First()).toBeUndefined();
    expect(data.localTime.time).toBe("14:05");
  });

  test("sends the status again when it changes, and a comment when nothing has for 20 s", async () => {
    let now = FIXED_NOW.getTime();
    const response = await send(testApp({ clock: () => now }), "/api/events", as.pythonRequests);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const next = async () => new TextDecoder().decode((await reader.read()).value);
    await next();
    // The owner's minute turns: a new status.
    now += 60_000;
    const changed = parsed(await next());
    expect(JSON.parse(changed[0]?.data as string).localTime.time).toBe("14:06");
    // Twenty quiet seconds: a comment, which keeps proxies from closing the connection.
    now += 20_000;
    expect(await next()).toBe(": keep-alive\n\n");
    await reader.cancel();
  });

  test("shares the live views' slots: when every one is taken, 503 with Retry-After, in the envelope", async () => {
    const app = testApp({ env: { SITE_URL, LIVE_VIEWS_MAX: "1" } });
    const open = await send(app, "/api/events", as.browser);
    const refused = await send(app, "/api/events", as.pythonRequests);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect((await refused.json()).error).toMatchObject({ status: 503, code: "over_capacity" });
    await open.body?.cancel();
  });

  test("HEAD answers the stream's type and holds nothing open", async () => {
    const response = await send(testApp(), "/api/events", as.browser, { method: "HEAD" });
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(await response.text()).toBe("");
  });
});

describe("over a real connection", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test("stays open while quiet for longer than the server's idle timeout (10 s, checked every 4 s)", async () => {
    // The fixed clock never turns the minute, so nothing is sent after the first status.
    const response = await fetch(`${server.url}/api/events`, { headers: as.browser });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const quiet = await Promise.race([
      reader.read().then(() => "closed"),
      Bun.sleep(16_000).then(() => "open"),
    ]);
    expect(quiet).toBe("open");
    await reader.cancel();
  }, 25_000);

  test("ends after LIVE_VIEW_SECONDS with an end event and a retry hint", async () => {
    const app = testApp({ env: { SITE_URL, LIVE_VIEW_SECONDS: "1" } });
    const events = parsed(await (await send(app, "/api/events", as.browser)).text());
    expect(events.slice(-2)).toEqual([{ event: "end", data: "time_up" }, { retry: "5000" }]);
  });

  test("ends when the server stops (SIGTERM's drain) with a retry hint alone, so an EventSource comes back after the restart", async () => {
    const own = await startServer();
    const response = await fetch(`${own.url}/api/events`, { headers: as.browser });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const stopped = own.stop();
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    await stopped;
    expect(rest).toBe("retry: 5000\n\n");
  });
});
