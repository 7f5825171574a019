/** `bun run release:wait` against a stand-in site on loopback that switches releases. */
import { afterAll, describe, expect, test } from "bun:test";
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

describe("--machines: every started machine of a Fly app", () => {
  const asked: Record<string, number> = {};
  // Plays Fly's proxy and two machines: `fly-force-instance-id` picks one; machine
  // 0b2 is still on the old release for its first three answers.
  const fleet = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const machine = request.headers.get("fly-force-instance-id") ?? "0a1";
      asked[machine] = (asked[machine] ?? 0) + 1;
      const old = machine === "0b2" && (asked[machine] ?? 0) <= 3;
      const version = old ? "1.0.0+fedcba987654" : `1.0.0+${NEW.slice(0, 12)}`;
      return Response.json({ pong: true, status: "ok", version, machine, region: "ams" });
    },
  });
  afterAll(() => fleet.stop(true));
  const list = [
    { id: "0a1", state: "started", region: "ams" },
    { id: "0b2", state: "started", region: "ams" },
    { id: "0c3", state: "stopped", region: "iad" },
  ];

  test("asks each started machine until it reports the commit, and names the stopped ones", async () => {
    const child = Bun.spawn(
      ["bun", "scripts/wait-for-release.ts", `http://127.0.0.1:${fleet.port}`, NEW, "10", "--machines", "-"],
      {
        cwd: join(import.meta.dir, "..", ".."),
        env: { ...process.env, RELEASE_WAIT_POLL_MS: "50" },
        stdin: new Blob([JSON.stringify(list)]),
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    expect(await child.exited).toBe(0);
    const out = await new Response(child.stdout).text();
    expect(out).toContain("0c3 (iad) is stopped: it starts on the new release");
    expect(out).toContain(`machine 0a1 answers with 200 1.0.0+${NEW.slice(0, 12)} from 0a1`);
    expect(out).toContain(`machine 0b2 answers with 200 1.0.0+${NEW.slice(0, 12)} from 0b2`);
    expect(asked).toEqual({ "0a1": 1, "0b2": 4 });
  });

  test("refuses a list that is not `fly machines list --json`", async () => {
    const child = Bun.spawn(
      ["bun", "scripts/wait-for-release.ts", `http://127.0.0.1:${fleet.port}`, NEW, "1", "--machines", "-"],
      {
        cwd: join(import.meta.dir, "..", ".."),
        stdin: new Blob(['{"id": 1}']),
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    expect(await child.exited).toBe(2);
    expect(await new Response(child.stderr).text()).toContain("expected the JSON array");
  });
});
