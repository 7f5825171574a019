/**
 * Ports: a port in use is the one-line refusal naming its variable, on Bun and on Deno,
 * in-process and as a process, and never leaves half a server running; two servers on
 * one machine, each given only its own PORT, both start; and the metrics listen on
 * loopback off Fly and on the machine's private address on Fly, never on every interface
 * unless told to.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { freePort } from "../../scripts/loopback.ts";
import { ENTRY_POINTS } from "../support/entry-points.ts";
import { runCommand } from "../support/run.ts";
import { startServer } from "../support/server.ts";
import { listeningAddresses } from "../support/sockets.ts";

const ROOT = join(import.meta.dir, "..", "..");

/** Another server on loopback, holding its port for as long as a test needs it busy. */
let holders: { stop(closeActive?: boolean): void }[] = [];
function busyPort(): number {
  const holder = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("someone else") });
  holders.push(holder);
  return holder.port as number;
}
afterEach(() => {
  for (const holder of holders) holder.stop(true);
  holders = [];
});

const closed = (url: string) =>
  fetch(url).then(
    () => "open",
    () => "closed",
  );

describe("a port in use is one line naming its variable", () => {
  test("PORT, in-process: start refuses, exit 1", async () => {
    const port = busyPort();
    await expect(startServer({ PORT: String(port) })).rejects.toThrow(
      `the server asked to exit with 1: Cannot start: PORT: ${port} is in use on 127.0.0.1: another server listens there; stop it, or set PORT to a free port`,
    );
  });

  test("METRICS_PORT, in-process: start refuses, and the app's port is closed again", async () => {
    const port = freePort();
    const metricsPort = busyPort();
    await expect(startServer({ PORT: String(port), METRICS_PORT: String(metricsPort) })).rejects.toThrow(
      `the server asked to exit with 1: Cannot start: METRICS_PORT: ${metricsPort} is in use on 127.0.0.1: another server listens there; stop it, or set METRICS_PORT to a free port`,
    );
    expect(await closed(`http://127.0.0.1:${port}/api/ping`)).toBe("closed");
  });

  for (const [runtime, command] of Object.entries(ENTRY_POINTS)) {
    for (const variable of ["PORT", "METRICS_PORT"] as const) {
      test(`${variable}, on ${runtime} as a process: exit 1, one line on stderr, no stack trace`, async () => {
        const busy = busyPort();
        const env = { HOST: "127.0.0.1", PORT: String(freePort()), METRICS_PORT: String(freePort()) };
        const { code, stdout, stderr } = await runCommand([...command], {
          cwd: ROOT,
          env: { ...process.env, ...env, [variable]: String(busy) },
        });
        expect({ code, stdout, stderr }).toEqual({
          code: 1,
          stdout: "",
          stderr: `Cannot start: ${variable}: ${busy} is in use on 127.0.0.1: another server listens there; stop it, or set ${variable} to a free port\n`,
        });
      });
    }
  }

  test("HOST that is no address of this machine: one line naming it", async () => {
    const { code, stderr } = await runCommand([...ENTRY_POINTS.bun], {
      cwd: ROOT,
      env: { ...process.env, HOST: "203.0.113.7", PORT: "0" },
    });
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr: "Cannot start: HOST: 203.0.113.7 is not an address of this machine\n",
    });
  });
});

describe("two servers on one machine, each given only its own PORT", () => {
  const children: Bun.Subprocess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((child) => child.exited));
  });

  /** `bun server.ts` with PORT and nothing else the server reads; resolves once it answers. */
  async function startWithOnly(port: number) {
    const child = Bun.spawn([...ENTRY_POINTS.bun], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port) },
      stdout: "pipe",
      stderr: "pipe",
    });
    children.push(child);
    const deadline = performance.now() + 15_000;
    while (performance.now() < deadline && child.exitCode === null) {
      const status = await fetch(`http://127.0.0.1:${port}/api/ping`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return child;
      await Bun.sleep(50);
    }
    throw new Error(`PORT=${port} did not answer: ${await new Response(child.stderr).text()}`);
  }

  test("both start and answer, and neither serves metrics", async () => {
    const [first, second] = [freePort(), freePort()];
    const servers = [await startWithOnly(first), await startWithOnly(second)];
    for (const port of [first, second]) {
      expect((await fetch(`http://127.0.0.1:${port}/api/ping`)).status).toBe(200);
    }
    for (const server of servers) {
      const reader = (server.stdout as ReadableStream<Uint8Array>).getReader();
      const line = new TextDecoder().decode((await reader.read()).value).split("\n")[0] as string;
      expect(JSON.parse(line)).toMatchObject({ event: "listening", metrics: "off" });
      reader.releaseLock();
    }
  });
});

describe("where the metrics listen", () => {
  test("off Fly: on 127.0.0.1 only, whatever HOST says", async () => {
    const server = await startServer({ HOST: "0.0.0.0" });
    try {
      const port = Number(new URL(server.metricsUrl as string).port);
      expect(server.metricsUrl).toBe(`http://127.0.0.1:${port}`);
      expect(listeningAddresses(port)).toEqual(["127.0.0.1"]);
      expect(listeningAddresses(server.port)).toEqual(["0.0.0.0"]);
    } finally {
      await server.stop();
    }
  });

  test("METRICS_HOST moves them, for a scraper elsewhere", async () => {
    const server = await startServer({ METRICS_HOST: "0.0.0.0" });
    try {
      expect(listeningAddresses(Number(new URL(server.metricsUrl as string).port))).toEqual(["0.0.0.0"]);
    } finally {
      await server.stop();
    }
  });

  test("on Fly: on the machine's private network address (FLY_PRIVATE_IP) only, where Fly scrapes", async () => {
    // IPv6 loopback stands in for the machine's 6PN address.
    const server = await startServer({
      FLY_APP_NAME: "site",
      FLY_MACHINE_ID: "3d8e1f2a4b5c60",
      FLY_REGION: "ams",
      FLY_PRIVATE_IP: "::1",
    });
    try {
      const port = Number(new URL(server.metricsUrl as string).port);
      expect(server.metricsUrl).toBe(`http://[::1]:${port}`);
      expect(listeningAddresses(port)).toEqual(["::1"]);
      expect((await fetch(`${server.metricsUrl}/metrics`)).status).toBe(200);
      expect(JSON.parse(server.stdout[0] as string)).toMatchObject({
        metrics: `http://[::1]:${port}/metrics`,
      });
    } finally {
      await server.stop();
    }
  });
});
