/**
 * Who a request's client is, decided once for every limit per client: on Fly.io, the
 * address its proxy says in `Fly-Client-IP`; elsewhere, where anyone may send that header,
 * the connection's own address; an IPv6 address by its /64. The app decides it from
 * whether it runs on Fly; the live views' slots and the MCP server's rate key on it.
 */
import { describe, expect, test } from "bun:test";
import { type Connections, siteConnections } from "../../lib/http/connections.ts";
import { SITE_URL, testSite } from "../support/app.ts";

const PEER = "198.51.100.1";
const runtime: Connections = { peerAddress: () => PEER, allowQuiet: () => {} };
const from = (flyClientIp?: string) =>
  new Request("http://localhost/", { headers: flyClientIp ? { "fly-client-ip": flyClientIp } : {} });

describe("clientKey", () => {
  test("behind Fly's proxy: the address the proxy says, an IPv6 one by its /64; the peer without one", () => {
    const connections = siteConnections(runtime, true);
    expect(connections.clientKey(from("203.0.113.7"))).toBe("203.0.113.7");
    expect(connections.clientKey(from("2001:db8:1:2::9"))).toBe("2001:db8:1:2::/64");
    expect(connections.clientKey(from())).toBe(PEER);
  });

  test("elsewhere: the connection's own address, whatever Fly-Client-IP a client sends", () => {
    const connections = siteConnections(runtime, false);
    expect(connections.clientKey(from("203.0.113.7"))).toBe(PEER);
  });

  test("with no server to say, every request is the one unknown client", () => {
    const connections = siteConnections({ peerAddress: () => undefined, allowQuiet: () => {} }, false);
    expect(connections.clientKey(from())).toBe("unknown");
  });
});

describe("the app", () => {
  const FLY = { FLY_APP_NAME: "rin-site", FLY_MACHINE_ID: "abc123", FLY_REGION: "ams", METRICS_PORT: "off" };
  test("is behind Fly's proxy when it runs on Fly, and not elsewhere", () => {
    expect(testSite({ env: { SITE_URL, ...FLY } }).site.connections.behindFlyProxy).toBe(true);
    expect(testSite().site.connections.behindFlyProxy).toBe(false);
  });
});
