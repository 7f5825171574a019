/**
 * The doors as each runtime serves them from its entry point, as a process: the same
 * options on Bun and Deno (ssh2 runs on both), `ssh -T` and finger answered, and SIGTERM
 * giving an open terminal session its last line before the process exits 0 in the
 * drain time.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SHUTDOWN_GRACE_MS } from "../../lib/app/start.ts";
import { freePort, type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { as } from "../support/app.ts";
import { finger, ssh, sshOptions, TEST_FINGERPRINT, TEST_HOST_KEY } from "../support/doors.ts";
import { ENTRY_POINTS } from "../support/entry-points.ts";
import { ownerDir } from "../support/owners.ts";
import { proxyV2, type Relay, startRelay } from "../support/proxy-relay.ts";

const root = join(import.meta.dir, "..", "..");
const started: ServerProcess[] = [];
const relays: Relay[] = [];
afterAll(async () => {
  await Promise.all(relays.map((relay) => relay.close()));
  await Promise.all(started.map((server) => server.stop(0)));
});

async function serve(runtime: keyof typeof ENTRY_POINTS, env: Record<string, string> = {}) {
  const sshPort = freePort();
  const fingerPort = freePort();
  const server = await startServerProcess(ENTRY_POINTS[runtime], {
    cwd: root,
    output: "keep",
    env: {
      CONTENT_DIR: ownerDir("rin"),
      SSH_PORT: String(sshPort),
      SSH_HOST_KEY: TEST_HOST_KEY,
      FINGER_PORT: String(fingerPort),
      ...env,
    },
  });
  started.push(server);
  return { server, sshPort, fingerPort };
}

describe.each(["bun", "deno"] as const)("on %s", (runtime) => {
  test("ssh -T and finger answer the plain profile, and start-up names the host key's fingerprint", async () => {
    const { server, sshPort, fingerPort } = await serve(runtime);
    const plain = await (await fetch(`${server.url}/?nocolor`, { headers: as.curl })).text();
    const viaSsh = await ssh(sshPort);
    expect({ exitCode: viaSsh.exitCode, stderr: viaSsh.stderr }).toEqual({ exitCode: 0, stderr: "" });
    // The profile's clock is the real one here: the first line is the owner's name either way.
    expect(viaSsh.stdout.split("\n").slice(0, 3)).toEqual(plain.split("\n").slice(0, 3));
    const viaFinger = await finger(fingerPort, "\r\n");
    expect(viaFinger.stdout.split("\r\n").slice(0, 3)).toEqual(plain.split("\n").slice(0, 3));
    expect(server.output().stdout).toContain(TEST_FINGERPRINT);
  }, 30_000);

  test("behind a proxy writing PROXY v2 headers (DOORS_PROXY_PROTOCOL=on): ssh -T and finger answer the same", async () => {
    const { server, sshPort, fingerPort } = await serve(runtime, { DOORS_PROXY_PROTOCOL: "on" });
    const [toSsh, toFinger] = await Promise.all(
      [sshPort, fingerPort].map((port) => startRelay(port, () => proxyV2("203.0.113.7"))),
    );
    relays.push(toSsh as Relay, toFinger as Relay);
    const plain = await (await fetch(`${server.url}/?nocolor`, { headers: as.curl })).text();
    const viaSsh = await ssh(toSsh?.port ?? 0);
    expect({ exitCode: viaSsh.exitCode, stderr: viaSsh.stderr }).toEqual({ exitCode: 0, stderr: "" });
    expect(viaSsh.stdout.split("\n").slice(0, 3)).toEqual(plain.split("\n").slice(0, 3));
    const viaFinger = await finger(toFinger?.port ?? 0, "\r\n");
    expect(viaFinger.stdout.split("\r\n").slice(0, 3)).toEqual(plain.split("\n").slice(0, 3));
  }, 30_000);

  test("SIGTERM: an open session gets its last line, and the process exits 0 in the drain time", async () => {
    const { server, sshPort } = await serve(runtime);
    // -tt: a pty without a terminal here, so the session is the one a person gets.
    const visitor = Bun.spawn(["ssh", "-tt", ...sshOptions(sshPort), "127.0.0.1"], {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
    const output = new Response(visitor.stdout).text();
    await Bun.sleep(1500);
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    const sent = performance.now();
    process.kill(-(server.child.pid as number), "SIGTERM");
    expect(await exited).toBe(0);
    expect(performance.now() - sent).toBeLessThan(SHUTDOWN_GRACE_MS);
    await visitor.exited;
    const text = await output;
    expect(text).toContain("Rin Hayashi");
    expect(text).toEndWith("\x1b[?25h\x1b[?1049lThe site is restarting; connect again in a few seconds.\r\n");
  }, 30_000);
});
