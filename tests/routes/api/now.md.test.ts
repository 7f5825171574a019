/** GET /api/now.md: /now in Markdown, whoever asks, with the latest activity as last read. */
import { expect, test } from "bun:test";
import { nowMarkdown } from "../../../lib/markdown/now.ts";
import { nowStatus } from "../../../lib/profile/model/now-status.ts";
import { as, sample, send, testApp } from "../../support/app.ts";
import { PUSH, shownFeed } from "../../support/live.ts";

test.each(Object.entries(as))(
  "is /now in Markdown, the same for %s, with an ETag and its 304",
  async (_name, headers) => {
    const app = testApp();
    const response = await send(app, "/api/now.md", headers);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await response.clone().text()).toBe(nowMarkdown(sample.profile.name, nowStatus(sample, [])));
    const etag = response.headers.get("etag") as string;
    expect((await send(app, "/api/now.md", { ...headers, "if-none-match": etag })).status).toBe(304);
  },
);

test("has the latest activity once a live source is read, and a new ETag with it", async () => {
  let shown: (typeof PUSH)[] = [];
  const feed = { ...shownFeed(), latest: () => shown };
  const app = testApp({ live: feed });
  const before = await send(app, "/api/now.md");
  shown = [PUSH];
  const after = await send(app, "/api/now.md");
  expect(await after.clone().text()).toContain(
    "[pushed to rin-example/evals](https://github.com/rin-example/evals)",
  );
  expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
});
