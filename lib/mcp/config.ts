/**
 * @module The MCP server's limits: `MCP_CALLS_PER_MINUTE` per client and
 * `MCP_CALLS_MAX_PER_MINUTE` in all, validated at start-up.
 */
import { type Env, wholeNumber } from "../runtime/env.ts";
import type { FeatureSettings } from "../site/feature.ts";

export interface McpConfig {
  /** Messages one client (one address, an IPv6 /64) may send a minute. @default 60 */
  readonly perClientPerMinute: number;
  /** Messages all clients together may send a minute. @default 1200 */
  readonly maxPerMinute: number;
}

export const DEFAULT_MCP_PER_CLIENT = 60;
export const DEFAULT_MCP_MAX = 1200;

export function mcpConfig(env: Env): McpConfig {
  return {
    perClientPerMinute: wholeNumber(env, "MCP_CALLS_PER_MINUTE", DEFAULT_MCP_PER_CLIENT, 1, 100_000),
    maxPerMinute: wholeNumber(env, "MCP_CALLS_MAX_PER_MINUTE", DEFAULT_MCP_MAX, 1, 1_000_000),
  };
}

export const MCP_SETTINGS: FeatureSettings<McpConfig> = {
  help: [
    {
      variables: ["MCP_CALLS_PER_MINUTE", "MCP_CALLS_MAX_PER_MINUTE"],
      meaning: `how many messages /mcp takes a minute from one client address (${DEFAULT_MCP_PER_CLIENT}) and from all (${DEFAULT_MCP_MAX})`,
    },
  ],
  read: mcpConfig,
};
