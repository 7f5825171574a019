/**
 * The official MCP client (`@modelcontextprotocol/client`) against the server as the entry
 * point starts it: every protocol era it speaks, each tool called and its answer checked
 * by the client against the tool's output schema, each resource read. The tools' schemas
 * are the OpenAPI document's, and each resource is what its URL serves.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SITE_URL, sample } from "../support/app.ts";
import { startServer, type TestServer } from "../support/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ MCP_CALLS_PER_MINUTE: "1000" });
});
afterAll(() => server.stop());

async function connect(options: ConstructorParameters<typeof Client>[1] = {}): Promise<Client> {
  const client = new Client({ name: "site-tests", version: "1.0.0" }, options);
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", server.url)));
  return client;
}

const ERAS = [
  ["the client's default (the 2025 handshake)", {}, "2025-11-25"],
  ["a client pinned to 2025-06-18", { supportedProtocolVersions: ["2025-06-18"] }, "2025-06-18"],
  ["a client pinned to 2025-11-25", { supportedProtocolVersions: ["2025-11-25"] }, "2025-11-25"],
  ["a client that asks for the newest (2026-07-28)", { versionNegotiation: { mode: "auto" } }, "2026-07-28"],
] as const;

describe.each(ERAS)("%s", (_name, options, version) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(options as never);
  });
  afterAll(() => client.close());

  test(`negotiates ${version}, and the server says whose site it is`, () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(version);
    expect(client.getServerVersion()).toMatchObject({
      name: new URL(SITE_URL).host,
      title: `${sample.profile.name}'s site`,
    });
    expect(client.getInstructions()).toContain(sample.profile.name);
    expect(client.getInstructions()).toContain(SITE_URL);
  });

  test("lists five read-only tools, each with an input and an output schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map(({ name }) => name)).toEqual([
      "get_profile",
      "get_now",
      "get_resume",
      "get_status",
      "search",
    ]);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        openWorldHint: false,
      });
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
    }
  });

  test("calls each tool; the client checks every answer against its output schema", async () => {
    await client.listTools();
    const profile = await client.callTool({ name: "get_profile", arguments: {} });
    expect(profile.structuredContent).toEqual(sample.profile);
    expect(JSON.parse((profile.content as { text: string }[])[0]?.text ?? "")).toEqual(sample.profile);
    const now = await client.callTool({ name: "get_now", arguments: {} });
    expect(now.structuredContent).toMatchObject({ status: sample.now.status });
    const resume = await client.callTool({ name: "get_resume", arguments: {} });
    expect(resume.structuredContent).toMatchObject({ basics: { name: sample.profile.name } });
    const status = await client.callTool({ name: "get_status", arguments: {} });
    expect(status.structuredContent).toMatchObject({
      name: sample.profile.name,
      localTime: { time: "14:05" },
    });
    const found = await client.callTool({ name: "search", arguments: { query: "Eval", limit: 2 } });
    const { total, results } = found.structuredContent as {
      total: number;
      results: { text: string; url: string }[];
    };
    expect(results).toHaveLength(2);
    expect(total).toBeGreaterThan(2);
    for (const { text } of results) expect(text.toLowerCase()).toContain("eval");
  });

  test("wrong arguments and an unknown tool are errors the client is told of, not a failure", async () => {
    const wrong = await client.callTool({ name: "search", arguments: { query: 7 } });
    expect(wrong.isError).toBe(true);
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toThrow();
  });

  test("reads each resource: the Markdown its URL serves, byte for byte", async () => {
    const { resources } = await client.listResources();
    expect(resources.map(({ name }) => name)).toEqual(["profile", "now", "resume"]);
    for (const { uri, mimeType } of resources) {
      expect(mimeType).toBe("text/markdown; charset=utf-8");
      const read = await client.readResource({ uri });
      const served = await fetch(`${server.url}${new URL(uri).pathname}`);
      expect(served.status).toBe(200);
      expect((read.contents[0] as { text: string }).text).toBe(await served.text());
    }
  });

  // 2026-07-28 has no ping: every request is its own.
  test.if(version !== "2026-07-28")("answers a ping", async () => {
    expect(await client.ping()).toBeDefined();
  });
});

test("each getter's output schema is one the OpenAPI document gives a GET route's answer", async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  await client.close();
  const { paths } = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
    paths: Record<
      string,
      { get?: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }
    >;
  };
  const documented = Object.entries(paths).flatMap(([path, { get }]) =>
    Object.values(get?.responses["200"]?.content ?? {}).map(({ schema }) => ({ path, schema })),
  );
  for (const { name, outputSchema } of tools.filter(({ name }) => name.startsWith("get_"))) {
    const same = documented.filter(({ schema }) => Bun.deepEquals(schema, outputSchema));
    expect({ name, documentedAt: same.length > 0 }).toEqual({ name, documentedAt: true });
  }
});
