/**
 * @module The MCP server itself, on the official SDK (`@modelcontextprotocol/server`):
 * imported the first time `/mcp` is asked (`endpoint.ts`), so a site nobody asks pays
 * nothing for it. Stateless: each request gets a fresh `McpServer` from the same tools and
 * resources, and nothing is held between requests. The SDK speaks every protocol version
 * it supports, the 2025 ones through its stateless fallback.
 */
import { createMcpHandler, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { LIMITS } from "../http/limits.ts";
import { serverIdentity, siteResources, siteTools, type ToolContext, type ToolName } from "./site-tools.ts";
import { typeboxValidator } from "./typebox-validator.ts";

/** Every tool is read-only, answers the same until the content changes, and reaches nothing outside the site. */
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** What the endpoint needs of a loaded server. */
export interface LoadedServer {
  /** Answers one JSON-RPC message, already read and parsed from the request's body. */
  answer(request: Request, message: unknown): Promise<Response>;
}

/** Serves `context`'s tools and resources; `ran` hears of each tool that ran. */
export function loadServer(context: ToolContext, ran: (tool: ToolName) => void): LoadedServer {
  const { info, instructions } = serverIdentity(context);
  const tools = siteTools(context).map((tool) => ({
    tool,
    // The schemas' validators are compiled once, here, not per request.
    input: fromJsonSchema<Record<string, unknown>>(tool.inputSchema, typeboxValidator),
    output: fromJsonSchema(tool.outputSchema, typeboxValidator),
  }));
  const resources = siteResources(context);

  function server(): McpServer {
    const mcp = new McpServer(info, {
      instructions,
      jsonSchemaValidator: typeboxValidator,
      // Nothing is held open to say that a list changed; nothing changes but with a deploy.
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    });
    for (const { tool, input, output } of tools) {
      mcp.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: input,
          outputSchema: output,
          annotations: READ_ONLY,
        },
        (args) => {
          const value = tool.run(args);
          ran(tool.name);
          return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
        },
      );
    }
    for (const resource of resources) {
      const { name, uri, title, description, mimeType } = resource;
      mcp.registerResource(name, uri, { title, description, mimeType }, (asked) => ({
        contents: [{ uri: asked.href, mimeType, text: resource.read() }],
      }));
    }
    return mcp;
  }

  const handler = createMcpHandler(server, { maxRequestBodySize: LIMITS.bodyBytes });
  return {
    answer: (request, message) => handler.fetch(request, { parsedBody: message }),
  };
}
