/** `bun run release:wait` against a stand-in site on loopback that switches releases. */
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";

const NEW = "0123456789abcdef0123456789abcdef01234567";
let pings = 0;
// Answers the old release twice, then the new one.
const site = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch() {
    pings += 1;
    const version = pings <= 2 ? "1.0.0+fedcba987654" : `1.0.0+${NEW.slice(0, 12)}`;
    return Response.json({ pong: true, status: "ok", version });
  },
});
afterAll(() => site.stop(true));

function wait(commit: string, timeoutSeconds: string) {
  return Bun.spawn(
    ["bun", "scripts/wait-for-release.ts", `http://127.0.0.1:${site.port}`, commit, timeoutSeconds],
    {
      cwd: join(import.meta.dir, "..", ".."),
      env: { ...process.env, RELEASE_WAIT_POLL_MS: "50" },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
}

test("returns once /api/ping reports the new commit, not before", async () => {
  const child = wait(NEW, "10");
  expect(await child.exited).toBe(0);
  expect(pings).toBe(3);
  expect(await new Response(child.stdout).text()).toContain(`+${NEW.slice(0, 12)}`);
});

test("fails after the timeout when the release never arrives", async () => {
  const child = wait("aaaaaaaaaaaa", "0.3");
  expect(await child.exited).toBe(1);
  expect(await new Response(child.stderr).text()).toContain("still not on aaaaaaaaaaaa");
});
