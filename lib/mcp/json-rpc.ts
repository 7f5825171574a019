/**
 * @module JSON-RPC 2.0 as the MCP server speaks it before its SDK does: the messages it
 * refuses, as error objects with the HTTP status Streamable HTTP pairs them with, and the
 * methods its metrics name.
 */
import { CACHE_CONTROL, CONTENT_TYPE } from "../http/headers.ts";
import { preparedHeaders } from "../http/prepared-response.ts";

/** JSON-RPC's own codes, and the one MCP's SDKs use for a refusal at the transport. */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  /** What the SDKs answer a request refused at the transport with (a wrong Accept, a body too large). */
  refused: -32000,
} as const;

/** A request's id, echoed in its error when it has one a client could match. */
export type JsonRpcId = string | number | null;

/**
 * An error object with no result, as JSON, with the site's headers and `headers`: what
 * every refusal before the SDK answers.
 */
export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  options: { readonly id?: JsonRpcId; readonly headers?: Readonly<Record<string, string>> } = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: options.id ?? null, error: { code, message } }), {
    status,
    headers: preparedHeaders({
      contentType: CONTENT_TYPE.json,
      cacheControl: CACHE_CONTROL.noStore,
      vary: false,
      headers: options.headers,
    }),
  });
}

/**
 * The methods the metrics count by name: what a read-only server is asked (both protocol
 * eras); any other is `other`, so a stranger's method names add no series.
 */
export const COUNTED_METHODS = [
  "initialize",
  "notifications/initialized",
  "server/discover",
  "ping",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/read",
  "resources/templates/list",
  "prompts/list",
  "other",
] as const;
export type CountedMethod = (typeof COUNTED_METHODS)[number];

export const countedMethod = (method: string): CountedMethod =>
  (COUNTED_METHODS as readonly string[]).includes(method) ? (method as CountedMethod) : "other";
