/** GET /api/now: the /now status, the latest activity at each live source, and what the owner listens to. */
import { describe, expect, test } from "bun:test";
import { as, send, testApp } from "../../support/app.ts";
import { PLAYED, PLAYING, PUSH, shownFeed } from "../../support/live.ts";
import { ownerFile } from "../../support/owners.ts";

const app = testApp();

describe("GET /api/now", () => {
  test("is content/now.json, with the owner's time zone", async () => {
    const response = await send(app, "/api/now", as.pythonRequests);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ ...ownerFile("rin", "now.json"), timezone: "Europe/Lisbon" });
  });

  test("has the latest activity read from a live source, with when it happened and when it was read", async () => {
    const read = testApp({ live: shownFeed() });
    expect((await (await send(read, "/api/now", as.pythonRequests)).json()).activity).toEqual([
      {
        source: "github",
        text: "pushed to rin-example/evals",
        url: "https://github.com/rin-example/evals",
        happenedAt: "2026-11-21T13:53:09.000Z",
        readAt: "2026-11-21T14:04:09.000Z",
      },
    ]);
  });

  test("has no activity until a live source is read", async () => {
    expect((await (await send(app, "/api/now", as.pythonRequests)).json()).activity).toBeUndefined();
  });

  test("has what the owner listens to as listening, apart from what they did: playing now", async () => {
    const read = testApp({ live: shownFeed([PLAYING, PUSH]) });
    const now = await (await send(read, "/api/now", as.pythonRequests)).json();
    expect(now.listening).toEqual({
      source: "lastfm",
      text: "listening to Harbour Lights by The Night Ferries",
      url: "https://www.last.fm/music/The+Night+Ferries/_/Harbour+Lights",
      playing: true,
      happenedAt: "2026-11-21T14:03:09.000Z",
      readAt: "2026-11-21T14:04:09.000Z",
    });
    expect(now.activity.map(({ source }: { source: string }) => source)).toEqual(["github"]);
  });

  test("after the track: last played, no longer playing", async () => {
    const read = testApp({ live: shownFeed([PLAYED]) });
    const now = await (await send(read, "/api/now", as.pythonRequests)).json();
    expect(now.listening).toMatchObject({
      text: "last played Harbour Lights by The Night Ferries",
      playing: false,
      happenedAt: "2026-11-21T13:40:09.000Z",
    });
    expect(now.activity).toBeUndefined();
  });

  test("has no listening until Last.fm is configured and read", async () => {
    expect((await (await send(app, "/api/now", as.pythonRequests)).json()).listening).toBeUndefined();
  });
});
