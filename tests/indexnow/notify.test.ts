import { afterEach, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { sitePages } from "../../lib/crawlers/site-pages.ts";
import { routeTableOf, SITE_URL, sample } from "../support/app.ts";
import { type FakeEngine, refusedUrl, startEngine } from "../support/engines.ts";
import { runCommand } from "../support/run.ts";
import { startServer } from "../support/server.ts";

const SCRIPT = join(import.meta.dir, "..", "..", "scripts", "notify.ts");

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

function engine(...answers: Parameters<typeof startEngine>): FakeEngine {
  const started = startEngine(...answers);
  stops.push(started.stop);
  return started;
}

/** The shipped server on a loopback port, as a release script would reach it, on the real clock. */
async function instance(env: Record<string, string>): Promise<string> {
  const server = await startServer(
    {
      INDEXNOW_KEY: "5f2b9c0e-4d7a-41c8",
      INDEXNOW_TIMEOUT_MS: "500",
      INDEXNOW_COOLDOWN_SECONDS: "0",
      ...env,
    },
    { clock: Date.now },
  );
  stops.push(() => void server.stop());
  return server.url;
}

/** Runs `bun scripts/notify.ts ...args` as a release script would. */
async function notify(args: string[], env: Record<string, string> = {}) {
  const { SITE_URL: _, ...inherited } = process.env;
  return runCommand(["bun", SCRIPT, ...args], { env: { ...inherited, ...env } });
}

/** The site's pages, as the route table gives them: what a submission sends. */
const PAGES = sitePages(sample, routeTableOf(), SITE_URL).length;

describe("bun run notify", () => {
  it("exits 0 and prints a row per engine when every engine accepted", async () => {
    const base = await instance({
      INDEXNOW_ENDPOINTS: `${engine({ status: 200 }).url},${engine({ status: 202 }).url}`,
    });
    const { code, stdout } = await notify([base]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      new RegExp(
        `^IndexNow: release \\S+ sent: accepted, 2 of 2 engines accepted ${PAGES} URLs for rin\\.example$`,
        "m",
      ),
    );
    expect(stdout).toMatch(/ENGINE +STATUS +OUTCOME +TIME +EXPLANATION/);
    expect(stdout).toMatch(/127\.0\.0\.1:\d+ +202 +accepted +\d+ ms +Accepted/);
  });

  it("takes BASE_URL from SITE_URL when no argument is given", async () => {
    const base = await instance({ INDEXNOW_ENDPOINTS: engine({ status: 200 }).url });
    expect((await notify([], { SITE_URL: base })).code).toBe(0);
  });

  it("exits 0, saying so, when the release was already sent: a second run, or a stranger's trigger first", async () => {
    const bing = engine({ status: 200 });
    const base = await instance({ INDEXNOW_ENDPOINTS: bing.url, INDEXNOW_COOLDOWN_SECONDS: "300" });
    expect((await fetch(`${base}/api/ping-indexnow`, { method: "POST" })).status).toBe(200);
    const { code, stdout } = await notify([base]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^IndexNow: release \S+ already sent: accepted, 1 of 1 engines accepted/m);
    expect(bing.received).toHaveLength(1);
  });

  it("exits 1 when an engine refused the release: it will not accept it", async () => {
    const base = await instance({
      INDEXNOW_ENDPOINTS: `${engine({ status: 200 }).url},${engine({ status: 403 }).url}`,
    });
    const { code, stdout, stderr } = await notify([base]);
    expect(code).toBe(1);
    expect(stdout).toContain("partial, 1 of 2");
    expect(stdout).toMatch(/403 +rejected/);
    expect(stderr).toMatch(/^notify: 127\.0\.0\.1:\d+ refused this release and will not accept it$/m);
  });

  it("waits as the site says and asks again while an engine has not answered for good", async () => {
    const limited = engine({ status: 429, headers: { "retry-after": "60" } }, { status: 202 });
    const base = await instance({
      INDEXNOW_ENDPOINTS: `${engine({ status: 200 }).url},${limited.url}`,
      INDEXNOW_COOLDOWN_SECONDS: "1",
    });
    const { code, stdout } = await notify([base, "--wait", "30"]);
    expect(code).toBe(0);
    expect(stdout).toContain("(Retry-After: 60)");
    expect(stdout).toMatch(/^Asking again in \d+ s: /m);
    expect(stdout).toMatch(/^IndexNow: release \S+ sent: accepted, 2 of 2 engines accepted/m);
    expect(limited.received).toHaveLength(2);
  });

  it("exits 1 when an engine still has not answered for good after --wait", async () => {
    const base = await instance({
      INDEXNOW_ENDPOINTS: engine({ status: 500 }).url,
      INDEXNOW_COOLDOWN_SECONDS: "300",
    });
    const { code, stderr } = await notify([base, "--wait", "1"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^notify: gave up after 1 s \(--wait\): /m);
  });

  it("exits 0, saying in one line that it skipped and how to set the key, when the site has no IndexNow key", async () => {
    const bing = engine({ status: 200 });
    const base = await instance({ INDEXNOW_KEY: "", INDEXNOW_ENDPOINTS: bing.url });
    const { code, stdout, stderr } = await notify([base]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toBe(
      `IndexNow: skipped: not configured on ${new URL(base).host} (no INDEXNOW_KEY there), so nothing ` +
        "was sent; to turn it on, `fly secrets set INDEXNOW_KEY=$(openssl rand -hex 16)` (docs/indexnow.md)\n",
    );
    expect(bing.received).toHaveLength(0);
  });

  it("exits 2 when the site is configured with a SITE_URL the engines reject (503)", async () => {
    const base = await instance({
      SITE_URL: "https://localhost",
      INDEXNOW_ENDPOINTS: engine({ status: 200 }).url,
    });
    const { code, stderr } = await notify([base]);
    expect(code).toBe(2);
    expect(stderr).toContain("answered 503");
    expect(stderr).toContain("SITE_URL is https://localhost, a loopback name");
  });

  it("exits 2 on a network error", async () => {
    const { code, stderr } = await notify([new URL(refusedUrl()).origin]);
    expect(code).toBe(2);
    expect(stderr).toContain("cannot reach");
  });

  it.each([
    ["no BASE_URL and no SITE_URL", []],
    ["a BASE_URL that is not a URL", ["not a url"]],
    ["two arguments", ["http://a.example", "http://b.example"]],
  ])("exits 2 with the usage on %s", async (_, args) => {
    const { code, stderr } = await notify(args);
    expect(code).toBe(2);
    expect(stderr).toContain("usage: bun run notify [BASE_URL]");
  });

  it("exits 2 with one line on a --wait that is not a number of seconds", async () => {
    const { code, stderr } = await notify(["http://a.example", "--wait", "soon"]);
    expect({ code, stderr }).toEqual({
      code: 2,
      stderr: "bun run notify: --wait takes a number of seconds; see bun run notify --help\n",
    });
  });
});
