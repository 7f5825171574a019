/** GET /api/<handle>.json: the structured profile, at the owner's handle. */
import { describe, expect, test } from "bun:test";
import { profileMarkdown } from "../../../lib/markdown/profile.ts";
import { as, sample, send, testApp } from "../../support/app.ts";
import { ownerFile, profileWith } from "../../support/owners.ts";

const app = testApp();

describe("GET /api/<handle>.json", () => {
  test("is the structured profile, every field as content/profile.json writes it", async () => {
    const response = await send(app, "/api/rin.json", as.pythonRequests);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual(ownerFile("rin", "profile.json"));
  });

  test("is pretty-printed for a terminal and compact for a program, with the same data", async () => {
    const pretty = await (await send(app, "/api/rin.json", as.curl)).text();
    const compact = await (await send(app, "/api/rin.json", as.pythonRequests)).text();
    expect(pretty).toBe(`${JSON.stringify(JSON.parse(compact), null, 2)}\n`);
    expect(compact).not.toContain("\n");
  });

  test("follows the handle: another handle, another path; the old one is a 404", async () => {
    const other = testApp({ files: profileWith({ handle: "someone-else" }) });
    expect((await send(other, "/api/someone-else.json", as.pythonRequests)).status).toBe(200);
    expect((await send(other, "/api/rin.json", as.pythonRequests)).status).toBe(404);
  });
});

describe("GET /api/<handle>.json for an assistant that prefers Markdown", () => {
  test("is the profile in Markdown, varying on Accept as the JSON does, with its own ETag", async () => {
    const markdown = await send(app, "/api/rin.json", as.assistant);
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await markdown.clone().text()).toBe(profileMarkdown(sample.profile));
    expect(markdown.headers.get("vary")).toStartWith("Accept, User-Agent");
    const etag = markdown.headers.get("etag") as string;
    expect(etag).not.toBe((await send(app, "/api/rin.json", as.pythonRequests)).headers.get("etag"));
    expect((await send(app, "/api/rin.json", { ...as.assistant, "if-none-match": etag })).status).toBe(304);
  });
});
