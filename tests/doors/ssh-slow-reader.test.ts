/**
 * An SSH visitor that stops reading: as a client we drive ourselves (ssh2's own client,
 * over a socket we can pause), it keeps pressing keys and reads nothing, and is dropped
 * once 64 KiB wait for it, its slot free again, the server and HTTP going on; as OpenSSH's
 * `ssh -tt` writing into a pipe nobody reads, it exits 1 once it reads again.
 */

import { afterAll, beforeAll, expect, test } from "bun:test";
import { closeSync, constants, openSync, readSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, type ClientChannel } from "ssh2";
import { doors } from "../../lib/doors/feature.ts";
import { sshOptions, TEST_HOST_KEY } from "../support/doors.ts";
import { matching, samplesOf } from "../support/exposition.ts";
import { startServer, type TestServer } from "../support/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ SSH_PORT: "0", SSH_HOST_KEY: TEST_HOST_KEY });
});
afterAll(() => server.stop());

async function sshMetric(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await (await fetch(`${server.metricsUrl}/metrics`)).text();
  return matching(samplesOf(text), name, { door: "ssh", ...labels })[0]?.value ?? Number.NaN;
}

test("a visitor pressing keys and reading nothing is dropped as too slow, and its slot is free", async () => {
  const before = await sshMetric("site_door_connections_closed_total", { reason: "too_slow" });
  const socket = connect(server.site.service(doors).port("ssh") ?? 0, "127.0.0.1");
  const client = new Client();
  client.on("error", () => {});
  const shell = new Promise<ClientChannel>((resolve, reject) => {
    client.on("ready", () =>
      client.shell({ term: "xterm-256color", cols: 200, rows: 60 }, (error, channel) =>
        error ? reject(error) : resolve(channel),
      ),
    );
  });
  client.connect({ sock: socket, username: "visitor", hostVerifier: () => true });
  const channel = await shell;
  channel.on("data", () => {});
  await new Promise((resolve) => channel.once("data", resolve));
  // From now on nothing is read: what the server writes waits in its queues.
  socket.pause();
  let dropped = false;
  for (let key = 0; key < 4000 && !dropped; key++) {
    channel.write(key % 2 ? "p" : "f");
    if (key % 20 === 0) {
      await Bun.sleep(5);
      dropped = (await sshMetric("site_door_connections_closed_total", { reason: "too_slow" })) > before;
    }
  }
  expect(dropped).toBe(true);
  expect(await sshMetric("site_door_connections")).toBe(0);
  expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
  client.end();
  socket.destroy();
}, 30_000);

test("OpenSSH dropped for not reading exits 1, not 0", async () => {
  const before = await sshMetric("site_door_connections_closed_total", { reason: "too_slow" });
  // ssh's stdout is a named pipe read only once the server has dropped it: ssh's own
  // buffers fill, then the server's.
  const pipe = join(tmpdir(), `ssh-unread-${process.pid}`);
  Bun.spawnSync(["rm", "-f", pipe]);
  expect(Bun.spawnSync(["mkfifo", pipe]).exitCode).toBe(0);
  const reader = openSync(pipe, constants.O_RDONLY | constants.O_NONBLOCK);
  const port = server.site.service(doors).port("ssh") ?? 0;
  const visitor = Bun.spawn(["sh", "-c", `exec ssh -tt ${sshOptions(port).join(" ")} 127.0.0.1 > ${pipe}`], {
    stdin: "pipe",
    stdout: "ignore",
    stderr: "pipe",
  });
  const droppedNow = async () =>
    (await sshMetric("site_door_connections_closed_total", { reason: "too_slow" })) > before;
  let dropped = false;
  for (let key = 0; key < 4000 && !dropped && visitor.exitCode === null; key++) {
    try {
      visitor.stdin.write(key % 2 ? "p" : "f");
      visitor.stdin.flush();
    } catch {
      // ssh has gone: the server dropped it between two looks.
    }
    await Bun.sleep(3);
    if (key % 25 === 0) dropped = await droppedNow();
  }
  dropped ||= await droppedNow();
  expect(dropped).toBe(true);
  // Read again now: what reaches the visitor within the second the server waits.
  const chunk = Buffer.alloc(64 * 1024);
  let shown = "";
  while (visitor.exitCode === null || shown.length === 0) {
    try {
      const read = readSync(reader, chunk);
      if (read === 0 && visitor.exitCode !== null) break;
      shown = (shown + chunk.subarray(0, read).toString("latin1")).slice(-4096);
    } catch {
      if (visitor.exitCode !== null) break;
      await Bun.sleep(5);
    }
  }
  const exitCode = await visitor.exited;
  const said = await new Response(visitor.stderr).text();
  closeSync(reader);
  rmSync(pipe);
  // The exit status goes ahead of the screen that waits unread, and the door hangs up by
  // ending the connection, not resetting it: 255 would say a reset overtook the status.
  expect({ exitCode, closed: said.includes("closed by remote host") }).toEqual({ exitCode: 1, closed: true });
  expect(shown).toContain("q quit");
}, 60_000);
