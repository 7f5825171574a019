/**
 * @module The MCP server as a feature (docs/assistants.md): its limits
 * (`MCP_CALLS_PER_MINUTE`, `MCP_CALLS_MAX_PER_MINUTE`), its metrics, and the service that
 * `/mcp`'s route answers with (`routes/mcp.ts`). It reads the owner's live activity from
 * the live feature, and the replies to their posts from the replies feature. Nothing of it runs, and its SDK is not even imported, until `/mcp` is
 * first asked for.
 */
import { live } from "../live/feature.ts";
import { replies } from "../replies/feature.ts";
import { defineFeature } from "../site/feature.ts";
import { MCP_SETTINGS, type McpConfig } from "./config.ts";
import { McpEndpoint } from "./endpoint.ts";
import { mcpMetrics } from "./metrics.ts";

export const mcp = defineFeature<McpEndpoint, McpConfig>({
  name: "mcp",
  docs: "docs/assistants.md",
  settings: MCP_SETTINGS,
  setup: (site, config) =>
    new McpEndpoint({
      site,
      feed: site.service(live),
      replies: site.service(replies),
      config,
      metrics: mcpMetrics(site.metrics),
    }),
});
