/**
 * `/mcp` on Fly.io: every connection is Fly's proxy's, so the rate per client keys on the
 * address the proxy says in `Fly-Client-IP` (`site.connections.clientKey`): one client's
 * messages spent are not another's.
 */
import { expect, test } from "bun:test";
import { SITE_URL, send, testSite } from "../support/app.ts";

const FLY = { FLY_APP_NAME: "rin-site", FLY_MACHINE_ID: "abc123", FLY_REGION: "ams", METRICS_PORT: "off" };
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });

test("each address the proxy names has its own rate", async () => {
  const { app } = testSite({ env: { SITE_URL, ...FLY, MCP_CALLS_PER_MINUTE: "1" } });
  const call = (client: string) =>
    send(app, "/mcp", { ...HEADERS, "fly-client-ip": client }, { method: "POST", body: ping });
  expect((await call("203.0.113.7")).status).toBe(200);
  expect((await call("203.0.113.7")).status).toBe(429);
  expect((await call("203.0.113.8")).status).toBe(200);
});
