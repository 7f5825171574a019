/**
 * Contract: the routes that speak JSON-RPC (the MCP server; found in the route table by
 * the errors they answer in their own protocol) are judged by tools nobody here wrote, on
 * each target `.ci/run` names (Bun from source, the executable, Deno): the official
 * conformance suite's scenarios that apply to a read-only server, and the official client.
 * Each target runs with `SITE_URL` on `localhost` at its own port, as the suite's
 * DNS-rebinding scenario asks: a request from the site's own origin passes, another is refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { declaredRoutes } from "../../lib/site/site.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { freePort, type ServerProcess } from "../../scripts/loopback.ts";
import { startTarget } from "./target.ts";

const JSON_RPC_PATHS = declaredRoutes(routes, "rin").flatMap(({ path, route }) =>
  route.answerRequestError ? [path] : [],
);

/**
 * The suite's server scenarios a read-only server without the suite's own fixtures (its
 * `test_*` tools, `test://` resources, prompts, logging, sampling) can pass; 0.1.16 runs
 * each against 2025-06-18 and 2025-11-25.
 */
const SCENARIOS = ["server-initialize", "ping", "tools-list", "resources-list", "dns-rebinding-protection"];

/** The suite's command line, run with Bun: it needs Node 22 or later, and Bun runs it as it is. */
const CONFORMANCE = join(
  import.meta.dir,
  "..",
  "..",
  "node_modules",
  "@modelcontextprotocol",
  "conformance",
  "dist",
  "index.js",
);

describe.each(JSON_RPC_PATHS)("%s", (path) => {
  let target: ServerProcess;
  let url: URL;
  beforeAll(async () => {
    const port = freePort();
    // Enough for every scenario and client below: the limit per client is tested on its own.
    target = await startTarget("rin", {
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      MCP_CALLS_PER_MINUTE: "1000",
    });
    url = new URL(path, `http://localhost:${port}`);
  });
  afterAll(() => target.stop());

  test.each(SCENARIOS)("the conformance suite's %s scenario passes", async (scenario) => {
    const run = Bun.spawn(
      [process.execPath, CONFORMANCE, "server", "--url", url.href, "--scenario", scenario],
      {
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const [code, out] = await Promise.all([run.exited, new Response(run.stdout).text()]);
    expect({ scenario, code, out: code === 0 ? "" : out }).toEqual({ scenario, code: 0, out: "" });
    expect(out).toContain(", 0 failed");
  });

  test.each([
    ["2025-06-18", { supportedProtocolVersions: ["2025-06-18"] }],
    ["2025-11-25", { supportedProtocolVersions: ["2025-11-25"] }],
    ["2026-07-28", { versionNegotiation: { mode: "auto" } }],
  ] as const)(
    "the official client speaking %s lists and calls every tool, and reads every resource",
    async (version, options) => {
      const client = new Client({ name: "contract", version: "1.0.0" }, options as never);
      await client.connect(new StreamableHTTPClientTransport(url));
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(version);
        const { tools } = await client.listTools();
        expect(tools.length).toBeGreaterThan(0);
        for (const { name, inputSchema } of tools) {
          const needs = (inputSchema.required ?? []) as string[];
          const args = Object.fromEntries(needs.map((field) => [field, "a"]));
          const result = await client.callTool({ name, arguments: args });
          expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
        }
        const { resources } = await client.listResources();
        expect(resources.length).toBeGreaterThan(0);
        for (const { uri } of resources)
          expect((await client.readResource({ uri })).contents).toHaveLength(1);
      } finally {
        await client.close();
      }
    },
  );
});
