/**
 * @module What the MCP server counts: the messages it answered by method, the tools that
 * ran by name, and the requests refused before its SDK saw them, by why. Every series
 * exists from start-up, at 0, though the server itself loads on the first request.
 */
import type { Metrics } from "../metrics/registry.ts";
import { COUNTED_METHODS, type CountedMethod } from "./json-rpc.ts";
import { TOOL_NAMES, type ToolName } from "./site-tools.ts";

/**
 * Why a request was refused before the SDK: a rate limit (`per_client`, `max`), an
 * `Origin` not the site's, a body over the limit, slower than its deadline or cut off, one
 * that is not JSON, a batch, or a method that would hold a stream open.
 */
export const MCP_REFUSALS = [
  "per_client",
  "max",
  "origin",
  "too_large",
  "too_slow",
  "cut_off",
  "not_json",
  "batch",
  "stream",
] as const;
export type McpRefusal = (typeof MCP_REFUSALS)[number];

export interface McpMetrics {
  answered(method: CountedMethod): void;
  ran(tool: ToolName): void;
  refused(why: McpRefusal): void;
}

export function mcpMetrics(metrics: Metrics): McpMetrics {
  const messages = metrics.counter(
    "site_mcp_messages_total",
    "JSON-RPC messages the MCP server's SDK answered, by method (any it does not know is other).",
    ["method"],
  );
  const tools = metrics.counter("site_mcp_tool_calls_total", "MCP tools that ran, by tool.", ["tool"]);
  const refusals = metrics.counter(
    "site_mcp_refusals_total",
    "Requests to /mcp refused before the SDK saw them, by why.",
    ["reason"],
  );
  for (const method of COUNTED_METHODS) messages.inc([method], 0);
  for (const tool of TOOL_NAMES) tools.inc([tool], 0);
  for (const why of MCP_REFUSALS) refusals.inc([why], 0);
  return {
    answered: (method) => messages.inc([method]),
    ran: (tool) => tools.inc([tool]),
    refused: (why) => refusals.inc([why]),
  };
}
