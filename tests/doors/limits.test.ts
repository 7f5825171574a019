/**
 * The doors' limits, held against strangers: so many SSH sessions in all and per address,
 * each refused one told why; a handshake left halfway dropped at its deadline; garbage to
 * either door costs a connection, never the process, and HTTP answers throughout. The
 * connections are counted and their closes logged, one line each; promtool judges the metrics.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import { doors } from "../../lib/doors/feature.ts";
import { heldOpen, ssh, sshOptions, TEST_HOST_KEY } from "../support/doors.ts";
import { matching, samplesOf } from "../support/exposition.ts";
import { promtoolCheckMetrics } from "../support/promtool.ts";
import { startServer, type TestServer } from "../support/server.ts";

/** An ssh session held open (-N: no session, a slot all the same) until killed. */
async function held(port: number): Promise<Subprocess> {
  const child = Bun.spawn(["ssh", "-N", ...sshOptions(port), "127.0.0.1"], {
    stdout: "ignore",
    stderr: "ignore",
  });
  // Connected once the handshake is done: long before a second on loopback.
  await Bun.sleep(600);
  return child;
}

async function metric(server: TestServer, name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`${server.metricsUrl}/metrics`)).text();
  return matching(samplesOf(text), name, labels)[0]?.value ?? Number.NaN;
}

describe("SSH_SESSIONS_PER_CLIENT and SSH_MAX_SESSIONS", () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({
      SSH_PORT: "0",
      SSH_HOST_KEY: TEST_HOST_KEY,
      SSH_SESSIONS_PER_CLIENT: "1",
      SSH_MAX_SESSIONS: "2",
    });
    port = server.site.service(doors).port("ssh") ?? 0;
  });
  afterAll(() => server.stop());

  test("one address over its share is told so, exit 1; the slot is free again within a second of leaving", async () => {
    const first = await held(port);
    const refused = await ssh(port);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("Your address holds as many SSH sessions as it may (1)");
    expect(
      await metric(server, "site_door_connections_refused_total", { door: "ssh", reason: "per_client" }),
    ).toBe(1);
    expect(await metric(server, "site_door_connections", { door: "ssh" })).toBe(1);
    first.kill();
    await first.exited;
    const startedWaiting = performance.now();
    while ((await metric(server, "site_door_connections", { door: "ssh" })) > 0) {
      expect(performance.now() - startedWaiting).toBeLessThan(1000);
      await Bun.sleep(20);
    }
    expect((await ssh(port)).exitCode).toBe(0);
  }, 15_000);

  test("promtool parses the doors' metrics clean, every close reason and refusal a series", async () => {
    const text = await (await fetch(`${server.metricsUrl}/metrics`)).text();
    expect(promtoolCheckMetrics(text)).toEqual({ exitCode: 0, problems: "" });
    const samples = samplesOf(text);
    expect(
      matching(samples, "site_door_connections_closed_total", { door: "ssh", reason: "answered" })[0]?.value,
    ).toBeGreaterThan(0);
    expect(
      matching(samples, "site_door_connections_refused_total", { door: "finger", reason: "max" }),
    ).toHaveLength(1);
  });

  test("one line in the log per connection closed, with why and how long", () => {
    const ended = server.stdout
      .map((line) => JSON.parse(line))
      .filter(({ event }) => event === "door connection closed");
    expect(ended.length).toBeGreaterThan(0);
    expect(ended.at(-1)).toEqual(
      expect.objectContaining({ door: "ssh", reason: "answered", seconds: expect.any(Number) }),
    );
  });
});

describe("at most SSH_MAX_SESSIONS in all", () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({ SSH_PORT: "0", SSH_HOST_KEY: TEST_HOST_KEY, SSH_MAX_SESSIONS: "2" });
    port = server.site.service(doors).port("ssh") ?? 0;
  });
  afterAll(() => server.stop());

  test("the one over the limit is told the site is full, exit 1", async () => {
    const holders = [await held(port), await held(port)];
    try {
      const refused = await ssh(port);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain("The site has as many SSH visitors as it allows (2)");
    } finally {
      for (const child of holders) child.kill();
    }
  }, 15_000);
});

describe("strangers", () => {
  let server: TestServer;
  let sshPort: number;
  let fingerPort: number;
  beforeAll(async () => {
    server = await startServer({
      SSH_PORT: "0",
      SSH_HOST_KEY: TEST_HOST_KEY,
      SSH_HANDSHAKE_SECONDS: "1",
      FINGER_PORT: "0",
      FINGER_TIMEOUT_SECONDS: "1",
    });
    sshPort = server.site.service(doors).port("ssh") ?? 0;
    fingerPort = server.site.service(doors).port("finger") ?? 0;
  });
  afterAll(() => server.stop());

  test("a handshake left halfway (an identification line, then nothing) is dropped at SSH_HANDSHAKE_SECONDS", async () => {
    const { closedBy, after, received } = await heldOpen(sshPort, "SSH-2.0-x\r\n", 5000);
    expect(closedBy).toBe("server");
    expect(after).toBeGreaterThan(900);
    expect(after).toBeLessThan(2000);
    // What it got was the server's own identification, and its offer of algorithms.
    expect(received.toString("latin1")).toStartWith("SSH-2.0-site");
  });

  test("a connection that sends nothing at all is dropped at the same deadline", async () => {
    const { closedBy, after } = await heldOpen(sshPort, "", 5000);
    expect(closedBy).toBe("server");
    expect(after).toBeLessThan(2000);
  });

  test("random bytes to both doors: each connection closed, the process up, HTTP answering, ssh working", async () => {
    for (let round = 0; round < 5; round++) {
      const noise = crypto.getRandomValues(new Uint8Array(2048));
      const [toSsh, toFinger] = await Promise.all([
        heldOpen(sshPort, noise, 3000),
        heldOpen(fingerPort, noise, 3000),
      ]);
      expect(toSsh.closedBy).toBe("server");
      expect(toFinger.closedBy).toBe("server");
    }
    const garbageAfterIdent = Buffer.concat([
      Buffer.from("SSH-2.0-x\r\n"),
      crypto.getRandomValues(new Uint8Array(4096)),
    ]);
    expect((await heldOpen(sshPort, garbageAfterIdent, 3000)).closedBy).toBe("server");
    expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
    expect((await ssh(sshPort)).exitCode).toBe(0);
    expect(server.stderr).toEqual([]);
  }, 30_000);

  test("HTTP keeps answering while handshakes hang", async () => {
    const hanging = Array.from({ length: 10 }, () => heldOpen(sshPort, "SSH-2.0-x\r\n", 5000));
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    await Promise.all(hanging);
  }, 15_000);
});

describe("SSH_IDLE_SECONDS and SSH_SESSION_SECONDS", () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({
      SSH_PORT: "0",
      SSH_HOST_KEY: TEST_HOST_KEY,
      SSH_IDLE_SECONDS: "1",
      SSH_SESSION_SECONDS: "3",
    });
    port = server.site.service(doors).port("ssh") ?? 0;
  });
  afterAll(() => server.stop());

  /** A terminal session (ssh -tt) that types `keys` every `everyMs`; what it was shown, once it ended. */
  async function session(keys: string, everyMs: number): Promise<{ shown: string; seconds: number }> {
    const started = performance.now();
    const child = Bun.spawn(["ssh", "-tt", ...sshOptions(port), "127.0.0.1"], {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "ignore",
    });
    const typing = setInterval(() => {
      child.stdin.write(keys);
      child.stdin.flush();
    }, everyMs);
    const shown = await new Response(child.stdout).text();
    clearInterval(typing);
    await child.exited;
    return { shown, seconds: (performance.now() - started) / 1000 };
  }

  test("a session with no key pressed for SSH_IDLE_SECONDS gets a last line and closes", async () => {
    const { shown, seconds } = await session("", 10_000);
    const host = new URL(server.config.siteUrl).hostname;
    expect(shown).toEndWith(
      `Closed after 1 s without a key pressed. Connect again with: ssh -p ${port} ${host}\r\n`,
    );
    expect(seconds).toBeLessThan(3);
  }, 10_000);

  test("a session kept busy ends at SSH_SESSION_SECONDS with a line that says how to come back", async () => {
    const { shown, seconds } = await session("j", 300);
    const host = new URL(server.config.siteUrl).hostname;
    expect(shown).toEndWith(`A session lasts 3 s. Connect again with: ssh -p ${port} ${host}\r\n`);
    expect(seconds).toBeGreaterThan(2.5);
    expect(seconds).toBeLessThan(5);
  }, 10_000);
});
