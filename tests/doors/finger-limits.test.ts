/**
 * The finger door's limits, over raw sockets: 3 connections per address and 20 in all,
 * every one over either told why in a line, a flood of them too; a slot free again within a second of its client
 * leaving; a client that asks and then stops reading held no longer than the timeout; and
 * every connection closed when the server stops (SIGTERM's drain).
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect, type Socket } from "node:net";
import { doors } from "../../lib/doors/feature.ts";
import { matching, samplesOf } from "../support/exposition.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { until } from "../support/until.ts";

/** A connection from `from` (a loopback address of its own) that sends nothing; what it is told. */
function silent(port: number, from = "127.0.0.1"): Promise<{ socket: Socket; told: () => string }> {
  return new Promise((resolve, reject) => {
    let told = "";
    const socket = connect({ port, host: "127.0.0.1", localAddress: from }, () =>
      resolve({ socket, told: () => told }),
    );
    socket.on("data", (chunk: Buffer) => {
      told += chunk.toString();
    });
    socket.on("error", reject);
  });
}

/** A query as a client sends it (`nc`), from `from`: what it was told, once the server closed. */
function query(port: number, from: string): Promise<string> {
  return new Promise((resolve) => {
    let told = "";
    const socket = connect({ port, host: "127.0.0.1", localAddress: from }, () => socket.write("rin\r\n"));
    socket.on("data", (chunk: Buffer) => {
      told += chunk.toString();
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(told));
  });
}

async function open(server: TestServer): Promise<number> {
  const text = await (await fetch(`${server.metricsUrl}/metrics`)).text();
  return matching(samplesOf(text), "site_door_connections", { door: "finger" })[0]?.value ?? Number.NaN;
}

describe("finger's slots", () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({ FINGER_PORT: "0", FINGER_TIMEOUT_SECONDS: "5" });
    port = server.site.service(doors).port("finger") ?? 0;
  });
  afterAll(() => server.stop());

  test("3 per address: the fourth is told so and closed; a slot is free within a second of its client leaving", async () => {
    const three = await Promise.all([1, 2, 3].map(() => silent(port)));
    const fourth = await silent(port);
    expect(await until(async () => fourth.told() !== "", 2000)).toBe(true);
    expect(fourth.told()).toBe(
      "finger: your address has as many queries open as it may; try again in a minute\r\n",
    );
    three[0]?.socket.destroy();
    expect(await until(async () => (await open(server)) === 2, 1000)).toBe(true);
    const again = await silent(port);
    await Bun.sleep(200);
    expect(again.told()).toBe("");
    for (const { socket } of [...three, fourth, again]) socket.destroy();
    expect(await until(async () => (await open(server)) === 0, 1000)).toBe(true);
  });

  test("20 in all, whatever the addresses: the 21st is told the door is full", async () => {
    // Loopback answers on all of 127.0.0.0/8: seven addresses, three connections each.
    const held = await Promise.all(
      Array.from({ length: 20 }, (_, i) => silent(port, `127.0.0.${2 + Math.floor(i / 3)}`)),
    );
    const over = await silent(port, "127.0.0.9");
    expect(await until(async () => over.told() !== "", 2000)).toBe(true);
    expect(over.told()).toBe("finger: too many queries at once; try again in a minute\r\n");
    for (const { socket } of [...held, over]) socket.destroy();
    expect(await until(async () => (await open(server)) === 0, 1000)).toBe(true);
  });
});

test("a flood: 200 queries at once while every slot is held, each told the door is full, each counted", async () => {
  const server = await startServer({ FINGER_PORT: "0", FINGER_TIMEOUT_SECONDS: "30" });
  try {
    const port = server.site.service(doors).port("finger") ?? 0;
    const held = await Promise.all(
      Array.from({ length: 20 }, (_, i) => silent(port, `127.0.0.${2 + Math.floor(i / 3)}`)),
    );
    const told = await Promise.all(
      Array.from({ length: 200 }, (_, i) => query(port, `127.0.1.${1 + (i % 200)}`)),
    );
    expect(new Set(told)).toEqual(new Set(["finger: too many queries at once; try again in a minute\r\n"]));
    const text = await (await fetch(`${server.metricsUrl}/metrics`)).text();
    expect(
      matching(samplesOf(text), "site_door_connections_refused_total", { door: "finger", reason: "max" })[0]
        ?.value,
    ).toBe(200);
    for (const { socket } of held) socket.destroy();
  } finally {
    await server.stop();
  }
});

test("a client that asks and then stops reading holds its slot no longer than FINGER_TIMEOUT_SECONDS", async () => {
  const timeoutMs = 2000;
  const server = await startServer({ FINGER_PORT: "0", FINGER_TIMEOUT_SECONDS: String(timeoutMs / 1000) });
  try {
    const { socket } = await silent(server.site.service(doors).port("finger") ?? 0);
    socket.pause();
    socket.write("rin\r\n");
    const asked = performance.now();
    expect(await until(async () => (await open(server)) === 1, 1000)).toBe(true);
    // Never read, never closed by the client: the server lets it go once the timeout has
    // passed since its answer (give or take a second), not a second timeout after that.
    expect(await until(async () => (await open(server)) === 0, 2 * timeoutMs + 1000)).toBe(true);
    expect(performance.now() - asked).toBeLessThan(timeoutMs + 1000);
    socket.destroy();
  } finally {
    await server.stop();
  }
});

test("the server stopping (SIGTERM's drain) closes every open finger connection at once", async () => {
  const server = await startServer({ FINGER_PORT: "0", FINGER_TIMEOUT_SECONDS: "30" });
  const port = server.site.service(doors).port("finger") ?? 0;
  const waiting = await Promise.all([1, 2].map(() => silent(port)));
  const closed = waiting.map(
    ({ socket }) => new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now()))),
  );
  const stopping = performance.now();
  await server.stop();
  for (const at of await Promise.all(closed)) expect(at - stopping).toBeLessThan(1000);
});
