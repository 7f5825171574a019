/**
 * An SSH visitor that stops reading, as a client we drive ourselves (ssh2's own client,
 * over a socket we can pause): it keeps pressing keys and reads nothing, and is dropped
 * once 64 KiB wait for it, its slot free again, the server and HTTP going on.
 */

import { afterAll, beforeAll, expect, test } from "bun:test";
import { connect } from "node:net";
import { Client, type ClientChannel } from "ssh2";
import { doors } from "../../lib/doors/feature.ts";
import { TEST_HOST_KEY } from "../support/doors.ts";
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
