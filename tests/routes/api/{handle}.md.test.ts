/** GET /api/<handle>.md: the profile in Markdown, whoever asks, at the owner's handle. */
import { expect, test } from "bun:test";
import { profileMarkdown } from "../../../lib/markdown/profile.ts";
import { as, sample, send, testApp } from "../../support/app.ts";
import { profileWith } from "../../support/owners.ts";

const app = testApp();

test.each(Object.entries(as))(
  "is the profile in Markdown, the same for %s, with an ETag and its 304",
  async (_name, headers) => {
    const response = await send(app, "/api/rin.md", headers);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("vary")).not.toContain("Accept,");
    expect(await response.clone().text()).toBe(profileMarkdown(sample.profile));
    const etag = response.headers.get("etag") as string;
    expect((await send(app, "/api/rin.md", { ...headers, "if-none-match": etag })).status).toBe(304);
  },
);

test("follows the handle", async () => {
  const other = testApp({ files: profileWith({ handle: "someone-else" }) });
  expect((await send(other, "/api/someone-else.md")).status).toBe(200);
  expect((await send(other, "/api/rin.md")).status).toBe(404);
});
