/**
 * The doors behind a proxy that speaks the PROXY protocol, as Fly's does with
 * `handlers = ["proxy_proto"]`: OpenSSH and nc through a relay on loopback that prepends
 * a v1 or a v2 header (`tests/support/proxy-relay.ts`). With `DOORS_PROXY_PROTOCOL=on`
 * the header's client address keys the per-address limits; a health check (LOCAL) is
 * closed quietly; a missing or malformed header is refused with a log line, within the
 * deadline. Off, a connection that sends a header is closed: nobody claims an address.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import type { Subprocess } from "bun";
import { doors } from "../../lib/doors/feature.ts";
import { as } from "../support/app.ts";
import { finger, heldOpen, ssh, sshOptions, TEST_HOST_KEY } from "../support/doors.ts";
import { matching, samplesOf } from "../support/exposition.ts";
import { proxyV1, proxyV2, type Relay, startRelay } from "../support/proxy-relay.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { until } from "../support/until.ts";

/**
 * The doors' first deadline here (SSH_HANDSHAKE_SECONDS, FINGER_TIMEOUT_SECONDS): how long
 * a connection has to send its PROXY header. Long enough that a close "at once" and a
 * close at the deadline are told apart on a busy machine, and that ssh's handshake
 * through the relay is never what a test is waiting on.
 */
const DEADLINE_MS = 3000;
/** A connection closed for what it sent, not by the deadline, is closed in less than this. */
const AT_ONCE_MS = DEADLINE_MS / 2;
/** The doors close a connection at its deadline, and free a slot once its client leaves, within a second. */
const WITHIN_MS = 1000;

async function metric(server: TestServer, name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`${server.metricsUrl}/metrics`)).text();
  return matching(samplesOf(text), name, labels)[0]?.value ?? Number.NaN;
}

/** Connections `door` holds a slot for now. */
const openAt = (server: TestServer, door: string) => metric(server, "site_door_connections", { door });

/**
 * An ssh session held open (-N) through `port` until killed, once the door holds a slot
 * for it: `open` ssh connections in all, this one included.
 */
async function held(server: TestServer, port: number, open: number): Promise<Subprocess> {
  const child = Bun.spawn(["ssh", "-N", ...sshOptions(port), "127.0.0.1"], {
    stdout: "ignore",
    stderr: "ignore",
  });
  expect(await until(async () => (await openAt(server, "ssh")) === open, DEADLINE_MS)).toBe(true);
  return child;
}

const events = (server: TestServer, event: string) =>
  server.stdout.map((line) => JSON.parse(line)).filter((line) => line.event === event);

describe("DOORS_PROXY_PROTOCOL=on", () => {
  let server: TestServer;
  let sshPort: number;
  let fingerPort: number;
  const relays: Relay[] = [];
  /** A relay to `port` whose every connection claims `header`. */
  const relay = async (port: number, header: Buffer) => {
    const started = await startRelay(port, () => header);
    relays.push(started);
    return started.port;
  };
  beforeAll(async () => {
    server = await startServer({
      DOORS_PROXY_PROTOCOL: "on",
      SSH_PORT: "0",
      SSH_HOST_KEY: TEST_HOST_KEY,
      SSH_SESSIONS_PER_CLIENT: "1",
      SSH_HANDSHAKE_SECONDS: String(DEADLINE_MS / 1000),
      FINGER_PORT: "0",
      FINGER_TIMEOUT_SECONDS: String(DEADLINE_MS / 1000),
    });
    sshPort = server.site.service(doors).port("ssh") ?? 0;
    fingerPort = server.site.service(doors).port("finger") ?? 0;
  });
  afterAll(async () => {
    await Promise.all(relays.map((open) => open.close()));
    await server.stop();
  });

  test.each([
    ["v1", proxyV1("203.0.113.10")],
    ["v2", proxyV2("203.0.113.11")],
  ])("ssh -T through a relay writing %s headers: the plain profile, exit 0", async (_, header) => {
    const { exitCode, stdout, stderr } = await ssh(await relay(sshPort, header));
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: "" });
    expect(stdout).toBe(await (await fetch(`${server.url}/?nocolor`, { headers: as.curl })).text());
  });

  test("the per-address limit keys on the header's client: the same one again is refused, another gets in", async () => {
    // The sessions of the tests before have left: the slots counted below are this test's.
    expect(await until(async () => (await openAt(server, "ssh")) === 0, WITHIN_MS * 2)).toBe(true);
    const first = await held(server, await relay(sshPort, proxyV2("203.0.113.7")), 1);
    try {
      const again = await ssh(await relay(sshPort, proxyV1("203.0.113.7")));
      expect(again.exitCode).toBe(1);
      expect(again.stderr).toContain("Your address holds as many SSH sessions as it may (1)");
      // The same /64 is the same client; a client of its own is let in.
      const sameBlock = await held(server, await relay(sshPort, proxyV2("2001:db8::1")), 2);
      expect((await ssh(await relay(sshPort, proxyV2("2001:db8::2")))).exitCode).toBe(1);
      sameBlock.kill();
      expect((await ssh(await relay(sshPort, proxyV2("203.0.113.8")))).exitCode).toBe(0);
      expect(
        await metric(server, "site_door_connections_refused_total", { door: "ssh", reason: "per_client" }),
      ).toBe(2);
    } finally {
      first.kill();
    }
  }, 20_000);

  test("finger with nc through the relay: the profile; a fourth query at once from one client is told so", async () => {
    const port = await relay(fingerPort, proxyV2("198.51.100.4"));
    expect((await finger(port, "rin\r\n")).stdout).toStartWith("\r\n  Rin Hayashi");
    const silent = await Promise.all([1, 2, 3].map(() => heldOpen(port, "", 300)));
    expect(silent.map(({ closedBy }) => closedBy)).toEqual(["timeout", "timeout", "timeout"]);
    // Those three left: their slots are free again; then three more are held, the client's share.
    expect(await until(async () => (await openAt(server, "finger")) === 0, WITHIN_MS * 2)).toBe(true);
    const waiting = [1, 2, 3].map(() => heldOpen(port, "", DEADLINE_MS + WITHIN_MS));
    expect(await until(async () => (await openAt(server, "finger")) === 3, DEADLINE_MS)).toBe(true);
    const fourth = await finger(port, "rin\r\n");
    expect(fourth.stdout).toBe(
      "finger: your address has as many queries open as it may; try again in a minute\r\n",
    );
    await Promise.all(waiting);
  }, 15_000);

  test("a header that arrives a byte at a time, the query in the same packet as its last byte: answered", async () => {
    const answer = await new Promise<string>((resolve) => {
      let told = "";
      const socket = connect(fingerPort, "127.0.0.1", async () => {
        const header = proxyV2("198.51.100.9");
        for (const byte of header.subarray(0, -1)) {
          socket.write(Buffer.from([byte]));
          await Bun.sleep(2);
        }
        socket.write(Buffer.concat([header.subarray(-1), Buffer.from("nobody\r\n")]));
      });
      socket.on("data", (chunk: Buffer) => {
        told += chunk.toString();
      });
      socket.on("close", () => resolve(told));
    });
    expect(answer).toBe("finger: no such user here: nobody\r\n");
  });

  test("LOCAL, the proxy's health check: closed at once with nothing written, counted, not logged", async () => {
    const before = events(server, "door refused").length;
    for (const port of [sshPort, fingerPort]) {
      const { closedBy, after, received } = await heldOpen(port, proxyV2("local"), DEADLINE_MS + WITHIN_MS);
      expect({ closedBy, received: received.length }).toEqual({ closedBy: "server", received: 0 });
      expect(after).toBeLessThan(AT_ONCE_MS);
    }
    expect(await metric(server, "site_door_health_checks_total", { door: "ssh" })).toBe(1);
    expect(await metric(server, "site_door_health_checks_total", { door: "finger" })).toBe(1);
    expect(events(server, "door refused").length).toBe(before);
  });

  test("a malformed header: closed at once, a log line saying so, counted", async () => {
    const refused = await metric(server, "site_door_connections_refused_total", {
      door: "finger",
      reason: "proxy_header",
    });
    const { closedBy, after, received } = await heldOpen(
      fingerPort,
      "GET / HTTP/1.1\r\n\r\n",
      DEADLINE_MS + WITHIN_MS,
    );
    expect({ closedBy, received: received.length }).toEqual({ closedBy: "server", received: 0 });
    expect(after).toBeLessThan(AT_ONCE_MS);
    expect(events(server, "door refused").at(-1)).toEqual(
      expect.objectContaining({ door: "finger", reason: "proxy_header", detail: "no PROXY header" }),
    );
    expect(
      await metric(server, "site_door_connections_refused_total", { door: "finger", reason: "proxy_header" }),
    ).toBe(refused + 1);
  });

  test("no header at all: closed at the door's first deadline (SSH_HANDSHAKE_SECONDS), logged", async () => {
    const { closedBy, after } = await heldOpen(sshPort, "", DEADLINE_MS + 2 * WITHIN_MS);
    expect(closedBy).toBe("server");
    // Not before the deadline (less the timer's rounding), and within the second after it.
    expect(after).toBeGreaterThan(DEADLINE_MS - 100);
    expect(after).toBeLessThan(DEADLINE_MS + WITHIN_MS);
    expect(events(server, "door refused").at(-1)).toEqual(
      expect.objectContaining({ door: "ssh", reason: "proxy_header", detail: "no PROXY header in time" }),
    );
  }, 15_000);

  test("ssh straight to the door, with no proxy in front: refused", async () => {
    const { exitCode } = await ssh(sshPort);
    expect(exitCode).toBe(255);
  });
});

describe("DOORS_PROXY_PROTOCOL off, as it is off Fly", () => {
  let server: TestServer;
  let relayed: Relay[];
  beforeAll(async () => {
    server = await startServer({ SSH_PORT: "0", SSH_HOST_KEY: TEST_HOST_KEY, FINGER_PORT: "0" });
    const service = server.site.service(doors);
    relayed = await Promise.all([
      startRelay(service.port("ssh") ?? 0, () => proxyV1("203.0.113.7")),
      startRelay(service.port("finger") ?? 0, () => proxyV2("203.0.113.7")),
    ]);
  });
  afterAll(async () => {
    await Promise.all(relayed.map((open) => open.close()));
    await server.stop();
  });

  test("a connection that claims a client with a header is closed, and counted; ssh without one gets in", async () => {
    expect((await ssh(relayed[0]?.port ?? 0)).exitCode).toBe(255);
    expect((await finger(relayed[1]?.port ?? 0, "rin\r\n")).stdout).toBe("");
    for (const door of ["ssh", "finger"]) {
      expect(
        await metric(server, "site_door_connections_closed_total", { door, reason: "proxy_header" }),
      ).toBe(1);
    }
    expect((await ssh(server.site.service(doors).port("ssh") ?? 0)).exitCode).toBe(0);
  });

  test("a header split across packets is closed all the same, the door told nothing of it", async () => {
    const port = server.site.service(doors).port("finger") ?? 0;
    const closedBefore = await metric(server, "site_door_connections_closed_total", {
      door: "finger",
      reason: "proxy_header",
    });
    const socket = connect(port, "127.0.0.1").setNoDelay(true);
    let answered = "";
    socket.setEncoding("latin1").on("data", (text: string) => {
      answered += text;
    });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    const header = proxyV1("203.0.113.7");
    socket.write(header.subarray(0, 3));
    await Bun.sleep(200);
    socket.write(header.subarray(3));
    await closed;
    expect(answered).toBe("");
    expect(
      await metric(server, "site_door_connections_closed_total", { door: "finger", reason: "proxy_header" }),
    ).toBe(closedBefore + 1);
  });
});
