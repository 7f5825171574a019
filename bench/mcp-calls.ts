/**
 * @module What the MCP server costs: a fresh server's resident memory before anyone asks
 * `/mcp` (every other route answered once), the first call (which imports the SDK),
 * then sequential `tools/call` messages over loopback (p50 and p99, beside `/api/ping`'s
 * on the same server) and the memory after 1,000 of them.
 *
 *   bun run bench/mcp-calls.ts dist/site            over 5 starts
 *   bun run bench/mcp-calls.ts --runs 9 A B         builds compared, in turns
 *
 * Prints the medians of the starts; `bun run bench` does not run it (it measures GETs).
 */
import { type Resident, startServerProcess } from "../scripts/loopback.ts";
import { serverGetPaths } from "../scripts/served-paths.ts";
import { median } from "./cases.ts";
import { compareBuilds } from "./compare-builds.ts";
import { onServerCore } from "./cores.ts";

/** Calls measured after the first: 1,000, the memory read after them. */
export const CALLS = 1000;

export interface McpCallCosts {
  /** Every GET route answered once, two idle seconds: the MCP server not yet imported. */
  readonly idle: Resident;
  /** The first `initialize`, which imports the SDK and sets the server up, in ms. */
  readonly firstMs: number;
  readonly afterFirst: Resident;
  /** `tools/call get_status`, one at a time, in ms. */
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** `GET /api/ping` the same way, on the same server: what any answer costs here. */
  readonly pingP50Ms: number;
  readonly pingP99Ms: number;
  /** After `CALLS` calls and two idle seconds. */
  readonly afterCalls: Resident;
}

const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "user-agent": "bench/1.0",
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;

/** Times `CALLS` sequential requests made by `call`, each read to its end; p50 and p99 in ms. */
async function timed(call: () => Promise<Response>): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const began = performance.now();
    const response = await call();
    await response.arrayBuffer();
    times.push(performance.now() - began);
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** One fresh server: its memory idle, the first call, then `CALLS` calls. */
export async function mcpCallCosts(executable: string, env: Record<string, string>): Promise<McpCallCosts> {
  const server = await startServerProcess(onServerCore([executable]), {
    env: { ...env, MCP_CALLS_PER_MINUTE: "100000", MCP_CALLS_MAX_PER_MINUTE: "100000" },
  });
  try {
    for (const path of serverGetPaths(server.env)) await (await fetch(`${server.url}${path}`)).arrayBuffer();
    await Bun.sleep(2000);
    const idle = server.resident();
    const post = (message: object) =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: HEADERS,
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, ...message }),
      });
    const began = performance.now();
    const first = await post({
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "bench", version: "1.0.0" },
      },
    });
    await first.arrayBuffer();
    const firstMs = performance.now() - began;
    const afterFirst = server.resident();
    const calls = await timed(() =>
      post({ method: "tools/call", params: { name: "get_status", arguments: {} } }),
    );
    const pings = await timed(() =>
      fetch(`${server.url}/api/ping`, { headers: { "user-agent": "bench/1.0" } }),
    );
    await Bun.sleep(2000);
    return {
      idle,
      firstMs,
      afterFirst,
      p50Ms: calls.p50,
      p99Ms: calls.p99,
      pingP50Ms: pings.p50,
      pingP99Ms: pings.p99,
      afterCalls: server.resident(),
    };
  } finally {
    await server.stop();
  }
}

const mb = (value: number) => value.toFixed(1);
const ms = (value: number) => value.toFixed(2);

if (import.meta.main) {
  const { runs, measured } = await compareBuilds({
    name: "bun run bench/mcp-calls.ts",
    what: `Starts each executable in turns; answers every GET route once, then
initialize and ${CALLS} tools/call messages at /mcp; prints the medians.`,
    defaultRuns: 5,
    measure: mcpCallCosts,
  });
  console.log(`medians of ${runs} starts; VmRSS / RssAnon in MB; ${CALLS} sequential calls on loopback`);
  for (const [executable, all] of measured) {
    const of = (read: (costs: McpCallCosts) => number) => median(all.map(read));
    const resident = (read: (costs: McpCallCosts) => Resident) =>
      `${mb(of((c) => read(c).vmRssMb))} / ${mb(of((c) => read(c).rssAnonMb))}`;
    console.log(
      [
        executable,
        `  idle, every GET route answered:   ${resident((c) => c.idle)}`,
        `  after the first call:             ${resident((c) => c.afterFirst)} (first call ${ms(of((c) => c.firstMs))} ms)`,
        `  after ${CALLS} calls:               ${resident((c) => c.afterCalls)}`,
        `  tools/call get_status: p50 ${ms(of((c) => c.p50Ms))} ms, p99 ${ms(of((c) => c.p99Ms))} ms`,
        `  GET /api/ping:         p50 ${ms(of((c) => c.pingP50Ms))} ms, p99 ${ms(of((c) => c.pingP99Ms))} ms`,
      ].join("\n"),
    );
  }
}
