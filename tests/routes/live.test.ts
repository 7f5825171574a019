/**
 * GET /live: the owner's live status redrawn in place for a terminal, the page for a
 * browser, the status once for a program; bounded as every stream is.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { visibleWidth } from "../../lib/profile/ansi/index.ts";
import { CLEAR_SCREEN, CURSOR_HOME, viewLength } from "../../lib/profile/ansi/live-view.ts";
import { liveStatusSchema } from "../../lib/profile/model/live-status.ts";
import { streamsConfig } from "../../lib/streams/config.ts";
import { as, SITE_URL, send, testApp } from "../support/app.ts";
import { firstChunks } from "../support/body.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { tmuxTerminal } from "../support/tmux.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape codes are what is looked for.
const CURSOR_CODES = /\x1b\[(?:2J|H|K|J)/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape codes are what is looked for.
const COLOUR_CODE = /\x1b\[[0-9;]*m/;

describe("GET /live for a terminal", () => {
  const app = testApp();

  test("draws the whole view first, then each frame over the last: cursor home, each line cleared", async () => {
    const [first, second] = await firstChunks(await send(app, "/live", as.curl), 2);
    expect(first).toStartWith(CLEAR_SCREEN);
    expect(second).toStartWith(CURSOR_HOME);
    for (const frame of [first, second] as string[]) {
      // Every line ends by clearing what a longer line of the last frame left; the screen's rest is cleared.
      const lines = (frame as string).split("\n");
      expect(lines.slice(0, -1).every((line) => line.endsWith("\x1b[K"))).toBe(true);
      expect(lines.at(-1)).toBe("\x1b[J");
    }
  });

  test("shows the owner, their clock to the second, the /now status and how long the view lasts", async () => {
    const [frame] = await firstChunks(await send(app, "/live?nocolor", as.curl), 1);
    const text = (frame as string).replace(CURSOR_CODES, "");
    expect(text).toContain("○ Rin Hayashi · live".replace("○", "●"));
    // The fixed clock: 14:05:09 in Lisbon.
    expect(text).toMatch(/local time\s+Saturday 14:05:09 \(Europe\/Lisbon, GMT\)/);
    expect(text).toContain("Ctrl-C to quit · this view ends in 10:00");
    expect(text).toMatch(/now\s+\S/);
  });

  test("pulses: the online mark is full and empty in turn", async () => {
    const frames = await firstChunks(await send(app, "/live?nocolor", as.curl), 3);
    const marks = frames.map((frame) => frame.replace(CURSOR_CODES, "").match(/[●○] Rin/)?.[0]?.[0]);
    expect(marks).toEqual(["●", "○", "●"]);
  });

  test("takes the text switches: ?nocolor has no colour, ?width bounds every line", async () => {
    const [plain] = await firstChunks(await send(app, "/live?nocolor&width=40", as.curl), 1);
    expect(plain).not.toMatch(COLOUR_CODE);
    const lines = (plain as string).replace(CURSOR_CODES, "").split("\n");
    expect(Math.max(...lines.map(visibleWidth))).toBeLessThanOrEqual(40);
    const help = await (await send(app, "/live?help", as.curl)).text();
    expect(help).toContain("nocolor");
  });

  test("HEAD answers GET's status and type, and holds nothing open", async () => {
    const response = await send(app, "/live", as.curl, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("");
  });
});

describe("GET /live for others", () => {
  const app = testApp();

  test("a browser gets the page", async () => {
    const response = await send(app, "/live", as.browser);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain('data-live="clock"');
  });

  test("a program gets the status once, as JSON the document describes", async () => {
    const response = await send(app, "/live", as.pythonRequests);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const status = await response.json();
    expect(Value.Errors(liveStatusSchema(), status).First()).toBeUndefined();
    expect(status).toMatchObject({
      name: "Rin Hayashi",
      localTime: { time: "14:05", timezone: "Europe/Lisbon" },
    });
  });
});

describe("the view's limits", () => {
  test("one client address holds at most LIVE_VIEWS_PER_CLIENT: then 429, Retry-After and one line of text", async () => {
    const app = testApp({ env: { SITE_URL, LIVE_VIEWS_PER_CLIENT: "2" } });
    const open = [await send(app, "/live", as.curl), await send(app, "/live", as.curl)];
    const refused = await send(app, "/live", as.curl);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    const text = await refused.text();
    expect(text.split("\n")).toEqual([expect.stringContaining("close one, or try again in 30 s"), ""]);
    for (const response of open) await response.body?.cancel();
  });

  test("at most LIVE_VIEWS_MAX in all: then 503, Retry-After and one line of text", async () => {
    const app = testApp({ env: { SITE_URL, LIVE_VIEWS_MAX: "1" } });
    const open = await send(app, "/live", as.curl);
    const refused = await send(app, "/live", as.curl);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.text()).toBe("All 1 live views this site allows are open: try again in 30 s.\n");
    await open.body?.cancel();
    // The slot is free again as soon as the client has left.
    const again = await send(app, "/live", as.curl);
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });

  test("ends after LIVE_VIEW_SECONDS with a line that says how to come back", async () => {
    const app = testApp({ env: { SITE_URL, LIVE_VIEW_SECONDS: "1" } });
    const text = await (await send(app, "/live?nocolor", as.curl)).text();
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      `  The live view ends after 1 s. Come back with: curl -N ${SITE_URL}/live`,
    );
  });

  test.each([
    [60, "1 min"],
    [90, "90 s"],
    [600, "10 min"],
  ])("says how long it lasted as it was set: %i s is %s", (seconds, said) => {
    expect(viewLength(seconds)).toBe(said);
  });
});

describe("over a real connection", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ LIVE_VIEWS_PER_CLIENT: "1" });
  });
  afterAll(() => server.stop());

  test("a slot is free again within a second of the viewer leaving", async () => {
    const first = await fetch(`${server.url}/live`, { headers: as.curl });
    await firstChunks(first, 1);
    const startedWaiting = performance.now();
    let again = await fetch(`${server.url}/live`, { headers: as.curl });
    while (again.status === 429 && performance.now() - startedWaiting < 1000) {
      await Bun.sleep(50);
      again = await fetch(`${server.url}/live`, { headers: as.curl });
    }
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });

  test("ends when the server stops (SIGTERM's drain) with a line that says to run the same command again", async () => {
    const own = await startServer();
    const reader = (
      (await fetch(`${own.url}/live?nocolor`, { headers: as.curl })).body as ReadableStream<Uint8Array>
    ).getReader();
    await reader.read();
    const stopped = own.stop();
    let last = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      last = new TextDecoder().decode(value);
    }
    await stopped;
    expect(last).toBe("\n  The site is restarting; run the same command again in a few seconds.\n");
  });

  test("logs one line when it ends, with how and how long", async () => {
    await firstChunks(await fetch(`${server.url}/live`, { headers: as.curl }), 1);
    await Bun.sleep(100);
    const ended = server.stdout
      .map((line) => JSON.parse(line))
      .filter(({ event }) => event === "stream ended");
    expect(ended.at(-1)).toMatchObject({
      kind: "view",
      path: "/live",
      ending: "left",
      seconds: expect.any(Number),
    });
  });
});

test("the limits' defaults: a view lasts 600 s, 100 open in all, 3 per client", () => {
  expect(streamsConfig({})).toEqual({ seconds: 600, max: 100, perClient: 3 });
});

describe("in a real terminal (tmux)", () => {
  let server: TestServer;
  const terminal = tmuxTerminal();
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => {
    terminal.stop();
    return server.stop();
  });

  test("curl -N redraws the view in place: one view on the screen, nothing scrolled off, the countdown moving", async () => {
    const { screen, scrolledOff } = await terminal.watched(`${server.url}/live`, {
      columns: 80,
      rows: 30,
      seconds: 3,
    });
    expect(scrolledOff).toBe(0);
    expect(screen.match(/· live/g)).toHaveLength(1);
    expect(screen.split("\n")[1]).toMatch(/^ {2}[●○] Rin Hayashi · live$/);
    // Three seconds in, the view has counted down, drawn over itself.
    expect(screen).toMatch(/this view ends in 9:5[6-8]/);
  }, 15_000);
});
