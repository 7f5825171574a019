import { afterEach, describe, expect, it } from "bun:test";
import { join } from "node:path";
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

/** The shipped server on a loopback port, as a release script would reach it. */
async function instance(env: Record<string, string>): Promise<string> {
  const server = await startServer({
    INDEXNOW_KEY: "5f2b9c0e-4d7a-41c8",
    INDEXNOW_TIMEOUT_MS: "500",
    INDEXNOW_COOLDOWN_SECONDS: "0",
    ...env,
  });
  stops.push(() => void server.stop());
  return server.url;
}

/** Runs `bun scripts/notify.ts ...args` as a release script would. */
async function notify(args: string[], env: Record<string, string> = {}) {
  const { SITE_URL: _, ...inherited } = process.env;
  return runCommand(["bun", SCRIPT, ...args], { env: { ...inherited, ...env } });
}

describe("bun run notify", () => {
  it("exits 0 and prints a row per engine when every engine accepted", async () => {
    const base = await instance({
      INDEXNOW_ENDPOINTS: `${engine({ status: 200 }).url},${engine({ status: 202 }).url}`,
    });
    const { code, stdout } = await notify([base]);
    expect(code).toBe(0);
    expect(stdout).toContain("2 of 2 engines accepted 5 URLs for rin.example");
    expect(stdout).toMatch(/ENGINE +STATUS +OUTCOME +TIME +EXPLANATION/);
    expect(stdout).toMatch(/127\.0\.0\.1:\d+ +202 +accepted +\d+ ms +Accepted/);
  });

  it("takes BASE_URL from SITE_URL when no argument is given", async () => {
    const base = await instance({ INDEXNOW_ENDPOINTS: engine({ status: 200 }).url });
    expect((await notify([], { SITE_URL: base })).code).toBe(0);
  });

  it("exits 1 when only some engines accepted (207)", async () => {
    const base = await instance({
      INDEXNOW_ENDPOINTS: `${engine({ status: 200 }).url},${engine({ status: 429, headers: { "retry-after": "60" } }).url}`,
    });
    const { code, stdout } = await notify([base]);
    expect(code).toBe(1);
    expect(stdout).toContain("partial, 1 of 2");
    expect(stdout).toContain("(Retry-After: 60)");
  });

  it("exits 1 when no engine accepted (502)", async () => {
    const base = await instance({ INDEXNOW_ENDPOINTS: engine({ status: 403 }).url });
    const { code, stdout } = await notify([base]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/403 +rejected/);
  });

  it("exits 1 when the cooldown refused the trigger", async () => {
    const base = await instance({
      INDEXNOW_ENDPOINTS: engine({ status: 200 }).url,
      INDEXNOW_COOLDOWN_SECONDS: "300",
    });
    expect((await notify([base])).code).toBe(0);
    const { code, stderr } = await notify([base]);
    expect(code).toBe(1);
    expect(stderr).toContain("refused by the cooldown");
  });

  it("exits 2 when the deployment is not configured (503)", async () => {
    const base = await instance({ INDEXNOW_KEY: "", INDEXNOW_ENDPOINTS: engine({ status: 200 }).url });
    const { code, stderr } = await notify([base]);
    expect(code).toBe(2);
    expect(stderr).toContain("503");
    expect(stderr).toContain("INDEXNOW_KEY");
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
});
