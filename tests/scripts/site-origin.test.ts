/**
 * The site's URL, read by every command that takes it as the server reads `SITE_URL`
 * (`siteOrigin`, lib/runtime/config.ts): an http or https origin. A URL the server would
 * refuse to start with is refused by `bun run post`, `bun run notify` and `bun run
 * site-url` too, in one line saying so, before anything is asked of anyone; each
 * command's own rule (site-url's https) stays on top.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../../lib/runtime/config.ts";
import { notify } from "../../scripts/notify.ts";
import { post } from "../../scripts/post.ts";
import { siteUrl } from "../../scripts/site-url.ts";
import { ownerDir } from "../support/owners.ts";

/** What the server makes of `url`: its origin, or the start-up line refusing it. */
function server(url: string): string {
  try {
    return loadConfig({ SITE_URL: url }).siteUrl;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

/** Runs a command in this process; its status and lines. */
async function ran(command: (io: { out: (line: string) => void; err: (line: string) => void }) => unknown) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command({ out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

const REFUSED = [
  [
    "a path",
    "https://ada.example/blog",
    'must be an origin only (scheme, host, port), got "https://ada.example/blog"',
  ],
  ["a query", "https://ada.example/?utm=x", "must be an origin only"],
  ["credentials", "https://ada:pw@ada.example", "must be an origin only"],
  ["another scheme", "ftp://ada.example", 'must use http or https, got "ftp:"'],
] as const;

describe("what the server refuses, every command refuses, saying so", () => {
  test.each(REFUSED)("%s", async (_what, url, problem) => {
    expect(server(url)).toContain(`SITE_URL: ${problem}`);

    // Posting checks the URL before it reads any account: none is set here, and none is asked.
    const posted = await ran((io) => post(["--content-dir", ownerDir("rin")], { SITE_URL: url }, io));
    expect(posted).toMatchObject({ code: 1, out: [] });
    expect(posted.err).toEqual([expect.stringContaining(`Not posted: SITE_URL: ${problem}`)]);
    expect(posted.err[0]).toEndWith("; the server would not start with it");

    for (const [args, env, name] of [
      [[url], {}, "BASE_URL"],
      [[], { SITE_URL: url }, "SITE_URL"],
    ] as const) {
      const notified = await ran((io) => notify(args, env, io, async () => {}));
      expect(notified.code).toBe(2);
      expect(notified.err[0]).toStartWith(`${name}: ${problem}`);
      expect(notified.err[0]).toContain("as the server's SITE_URL must be");
    }
  });

  test("site-url: fly.toml's https SITE_URL with a path is refused, not cut to its origin", async () => {
    const dir = mkdtempSync(join(tmpdir(), "site-origin-"));
    try {
      const path = join(dir, "fly.toml");
      writeFileSync(path, '[env]\n  SITE_URL = "https://ada.example/blog"\n');
      expect(await ran((io) => siteUrl(["--config", path], io))).toEqual({
        code: 1,
        out: [],
        err: [
          `site-url: ${path}'s [env] SITE_URL: must be an origin only (scheme, host, port), got "https://ada.example/blog"; the server would not start with it`,
        ],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("what the server takes, the commands take alike", () => {
  test("an origin, with or without its trailing slash, http as well as https", () => {
    expect(server("https://ada.example/")).toBe("https://ada.example");
    expect(server("http://localhost:8080")).toBe("http://localhost:8080");
  });

  test("post takes an http origin with its trailing slash, as the server does", async () => {
    const posted = await ran((io) =>
      post(["--content-dir", ownerDir("rin")], { SITE_URL: "http://ada.example/" }, io),
    );
    // No account is set: each is skipped, which is only said once the URL was taken.
    expect(posted).toMatchObject({ code: 0, err: [] });
    expect(posted.out[0]).toStartWith("Bluesky: skipped");
  });
});
