/** GET /api/now: the /now status, and the latest activity at each live source. */
import { describe, expect, test } from "bun:test";
import { as, send, testApp } from "../../support/app.ts";
import { shownFeed } from "../../support/live.ts";
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
});
