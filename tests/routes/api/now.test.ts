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

describe("GET /api/now for an assistant that prefers Markdown", () => {
  test("is the same /now in Markdown, the latest activity included, and varies on Accept as the JSON does", async () => {
    const read = testApp({ live: shownFeed([PLAYING, PUSH]) });
    const markdown = await send(read, "/api/now", as.assistant);
    const json = await send(read, "/api/now", as.pythonRequests);
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(markdown.headers.get("vary")).toBe(json.headers.get("vary"));
    const text = await markdown.text();
    expect(text).toStartWith("# Now: Rin Hayashi\n");
    expect(text).toContain("[pushed to rin-example/evals](https://github.com/rin-example/evals)");
    expect(text).toContain("[listening to Harbour Lights by The Night Ferries]");
  });

  test("has its own ETag, and a 304 for it", async () => {
    const first = await send(app, "/api/now", as.assistant);
    const etag = first.headers.get("etag") as string;
    expect(etag).not.toBe((await send(app, "/api/now", as.pythonRequests)).headers.get("etag"));
    const again = await send(app, "/api/now", { ...as.assistant, "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  test("a JSON-only Accept still gets JSON", async () => {
    const response = await send(app, "/api/now", { accept: "application/json, text/markdown" });
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
});
