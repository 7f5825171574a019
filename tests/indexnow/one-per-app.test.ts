/**
 * On Fly.io, one IndexNow trigger for the whole app: three real servers on loopback play
 * three machines of one app, behind stand-ins for Fly's proxy and private DNS
 * (tests/support/fly.ts). Whichever machine a trigger reaches, the engines see one
 * submission of the release, and never two within a cooldown.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { coordinatorOf, parseMachines } from "../../lib/fleet/machines.ts";
import { as } from "../support/app.ts";
import { type FakeEngine, startEngine } from "../support/engines.ts";
import { type FlyDns, type FlyProxy, startFlyDns, startFlyProxy } from "../support/fly.ts";
import { startServer, type TestServer } from "../support/server.ts";

const APP = "personal-site-api";
const KEY = "5f2b9c0e-4d7a-41c8";
/** The coordinator is the lowest id in the primary region: `0b2…` in ams, not `0a1…` in iad. */
const MACHINES = [
  { id: "3d8e1f2a4b5c60", region: "ams" },
  { id: "0b2c4d6e8f1a30", region: "ams" },
  { id: "0a1b2c3d4e5f60", region: "iad" },
];

describe("the coordinator", () => {
  test("is the lowest id in the primary region, else the lowest of all", () => {
    expect(coordinatorOf(MACHINES, "ams")?.id).toBe("0b2c4d6e8f1a30");
    expect(coordinatorOf(MACHINES, "syd")?.id).toBe("0a1b2c3d4e5f60");
    expect(coordinatorOf([], "ams")).toBeUndefined();
  });

  test("is read from the TXT record's `<id> <region>` entries, whatever their order or spacing", () => {
    expect(parseMachines(" 3d8e1f2a4b5c60 ams,0a1b2c3d4e5f60  iad ,bogus, ,x y z")).toEqual([
      { id: "3d8e1f2a4b5c60", region: "ams" },
      { id: "0a1b2c3d4e5f60", region: "iad" },
    ]);
  });
});

describe("three machines of one app", () => {
  let dns: FlyDns;
  let engine: FakeEngine;
  let machines: Map<string, TestServer>;
  let proxy: FlyProxy;

  beforeAll(async () => {
    dns = await startFlyDns(APP);
    dns.setMachines(MACHINES);
    engine = startEngine({ status: 200 });
    machines = new Map();
    for (const { id, region } of MACHINES) {
      const server = await startServer({
        INDEXNOW_KEY: KEY,
        INDEXNOW_ENDPOINTS: engine.url,
        FLY_APP_NAME: APP,
        FLY_MACHINE_ID: id,
        FLY_REGION: region,
        PRIMARY_REGION: "ams",
        FLY_INTERNAL_DNS: dns.address,
        // The machine's private network address, where its metrics listen: IPv6 loopback here.
        FLY_PRIVATE_IP: "::1",
      });
      machines.set(id, server);
    }
    proxy = startFlyProxy(new Map([...machines].map(([id, server]) => [id, server.url])));
  });
  afterEach(() => {
    dns.setMachines(MACHINES);
  });
  afterAll(async () => {
    proxy.stop();
    engine.stop();
    dns.stop();
    await Promise.all([...machines.values()].map((server) => server.stop()));
  });

  const trigger = (headers: Record<string, string> = {}) =>
    fetch(`${proxy.url}/api/ping-indexnow`, {
      method: "POST",
      headers: { ...as.pythonRequests, ...headers },
    });

  test("six rapid triggers, spread over every machine, are one submission, made by the coordinator", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => trigger()).map(async (r) => (await r).status),
    );
    expect(engine.received).toHaveLength(1);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(proxy.answeredBy.slice(-6))).toEqual(new Set(["0b2c4d6e8f1a30"]));
  });

  test("afterwards, every machine answers with the release's report, already sent: the release's state is the app's", async () => {
    for (const { id } of MACHINES) {
      const response = await trigger({ "fly-force-instance-id": id });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ outcome: "accepted", alreadySent: true });
    }
    expect(engine.received).toHaveLength(1);
  });
  test("a machine that does not hold the trigger says where it goes, for the proxy", async () => {
    const direct = machines.get("3d8e1f2a4b5c60") as TestServer;
    const response = await fetch(`${direct.url}/api/ping-indexnow`, {
      method: "POST",
      headers: as.pythonRequests,
    });
    expect(response.status).toBe(421);
    expect(response.headers.get("fly-replay")).toBe(
      "instance=0b2c4d6e8f1a30;timeout=10s;fallback=prefer_self",
    );
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("misdirected_request");
    // Pretty for a person at a terminal, as every JSON answer is.
    const byCurl = await fetch(`${direct.url}/api/ping-indexnow`, { method: "POST", headers: as.curl });
    expect(await byCurl.text()).toStartWith('{\n  "error": {\n    "status": 421,');
  });

  test("when the coordinator cannot be reached, 504 and nothing is submitted", async () => {
    dns.setMachines([...MACHINES, { id: "00dead00beef00", region: "ams" }]);
    const response = await trigger({ "fly-force-instance-id": "3d8e1f2a4b5c60" });
    expect(response.status).toBe(504);
    expect(response.headers.get("retry-after")).toBe("15");
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("coordinator_unreachable");
    expect(error.message).toContain("nothing was submitted");
    expect(engine.received).toHaveLength(1);
  });

  test("when the DNS lists no machines or does not answer, 504 and nothing is submitted", async () => {
    dns.setMachines([]);
    const response = await trigger({ "fly-force-instance-id": "3d8e1f2a4b5c60" });
    expect(response.status).toBe(504);
    expect(engine.received).toHaveLength(1);
  });

  test("/api/ping says which machine and region answered", async () => {
    for (const { id, region } of MACHINES) {
      const ping = await fetch(`${proxy.url}/api/ping`, { headers: { "fly-force-instance-id": id } });
      expect(await ping.json()).toMatchObject({ pong: true, machine: id, region });
    }
  });

  test("a replayed request never replays again: the machines read different lists", async () => {
    const direct = machines.get("3d8e1f2a4b5c60") as TestServer;
    const response = await fetch(`${direct.url}/api/ping-indexnow`, {
      method: "POST",
      headers: { ...as.pythonRequests, "fly-replay-src": "instance=0a1b2c3d4e5f60;region=iad" },
    });
    expect(response.status).toBe(504);
    expect(response.headers.has("fly-replay")).toBe(false);
  });
});
