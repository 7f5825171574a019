/**
 * POST /mcp: the site as a read-only MCP server, over Streamable HTTP, for assistants:
 * tools for the profile, /now, the résumé, the live status and a search, and the Markdown
 * pages as resources (docs/assistants.md). Stateless: every request is answered on its own,
 * and nothing stays open; `GET` and `DELETE` answer 405, as for a server with no stream.
 */
import { Type as t } from "@sinclair/typebox";
import { ok } from "../lib/docs/responses.ts";
import { CONTENT_TYPE } from "../lib/http/headers.ts";
import { BODY_TOO_SLOW, LIMITS } from "../lib/http/limits.ts";
import { DEFAULT_MCP_PER_CLIENT } from "../lib/mcp/config.ts";
import { mcp } from "../lib/mcp/feature.ts";
import { JSON_RPC, jsonRpcError } from "../lib/mcp/json-rpc.ts";
import { defineRoute } from "../lib/site/site.ts";

const messageSchema = () =>
  t.Object(
    {
      jsonrpc: t.Literal("2.0"),
      id: t.Optional(t.Union([t.String(), t.Integer()], { description: "Absent for a notification" })),
      method: t.String({ description: "`initialize`, `tools/list`, `tools/call`, `resources/read`, ..." }),
      params: t.Optional(t.Object({}, { additionalProperties: true })),
    },
    { description: `One JSON-RPC 2.0 message (no batch), at most ${LIMITS.bodyBytes} bytes` },
  );

const errorSchema = () =>
  t.Object(
    {
      jsonrpc: t.Literal("2.0"),
      id: t.Union([t.String(), t.Integer(), t.Null()]),
      error: t.Object({ code: t.Integer(), message: t.String() }),
    },
    { description: "A JSON-RPC error" },
  );

/** A refusal as the document shows it: the status's meaning, and the error it carries. */
const refusal = (description: string, code: number, message: string) => ({
  description,
  content: {
    [CONTENT_TYPE.json]: {
      schema: errorSchema() as never,
      example: { jsonrpc: "2.0", id: null, error: { code, message } },
    },
  },
});

export const POST = defineRoute({
  detail: {
    summary: "MCP server for assistants (Streamable HTTP, read-only)",
    description:
      "The Model Context Protocol's Streamable HTTP transport, stateless: POST one JSON-RPC " +
      "message with `Accept: application/json, text/event-stream` and `Content-Type: " +
      "application/json`. Tools (all read-only): `get_profile`, `get_now`, `get_resume`, " +
      "`get_status` and `search`, each with an input and an output schema; resources: the " +
      "profile, /now and the résumé in Markdown. Protocol versions 2025-06-18, 2025-11-25 and " +
      "the SDK's others. A request from a browser page must come from this site's origin " +
      "(DNS rebinding); each client address may send `MCP_CALLS_PER_MINUTE` messages a minute. " +
      "Refusals are JSON-RPC errors. `GET` and `DELETE` answer 405: the server holds no stream " +
      "and no session.",
    tags: ["assistants"],
    requestBody: {
      required: true,
      content: {
        [CONTENT_TYPE.json]: {
          schema: messageSchema() as never,
          example: {
            jsonrpc: "2.0",
            id: 1,
            method: "tools/call",
            params: { name: "search", arguments: { query: "python" } },
          },
        },
      },
    },
    responses: () => ({
      200: ok("The answer: one event of `text/event-stream` for a 2025 client, JSON for a 2026-07-28 one", {
        [CONTENT_TYPE.eventStream]: {
          schema: t.String({ description: "One `message` event whose data is the JSON-RPC answer" }) as never,
          example: 'event: message\ndata: {"result":{},"jsonrpc":"2.0","id":1}\n\n',
        },
        [CONTENT_TYPE.json]: {
          schema: t.Object({}, { additionalProperties: true, description: "The JSON-RPC answer" }) as never,
          example: { jsonrpc: "2.0", id: 1, result: {} },
        },
      }),
      202: { description: "A notification, accepted: no body" },
      400: refusal(
        "Not JSON, a batch, not a JSON-RPC message, or a body cut off",
        JSON_RPC.parseError,
        "Parse error: the body is not JSON",
      ),
      403: refusal(
        "An Origin that is not this site's",
        JSON_RPC.refused,
        "Forbidden: Origin https://elsewhere.example is not this site's",
      ),
      406: refusal(
        "An Accept without both application/json and text/event-stream",
        JSON_RPC.refused,
        "Not Acceptable: Client must accept both application/json and text/event-stream",
      ),
      408: refusal(
        "A body that did not arrive in time, or the server began shutting down as it arrived; the connection is closed",
        JSON_RPC.refused,
        BODY_TOO_SLOW,
      ),
      413: refusal(
        "A body over the limit",
        JSON_RPC.refused,
        `Request bodies are limited to ${LIMITS.bodyBytes} bytes`,
      ),
      415: refusal(
        "A Content-Type that is not JSON",
        JSON_RPC.refused,
        "Unsupported Media Type: Content-Type must be application/json",
      ),
      429: refusal(
        "This client's messages this minute are spent: see Retry-After",
        JSON_RPC.refused,
        `Too many requests: at most ${DEFAULT_MCP_PER_CLIENT} a minute from one address; try again in 42 s`,
      ),
      503: refusal(
        "Everyone's messages this minute are spent: see Retry-After",
        JSON_RPC.refused,
        "Too many requests to this server from everyone: try again in 42 s",
      ),
    }),
  },
  llmsTxt: "optional",
  answerRequestError: (error) =>
    jsonRpcError(
      error.status,
      error.status === 413 ? JSON_RPC.refused : JSON_RPC.invalidRequest,
      error.message,
    ),
  setup(site) {
    const endpoint = site.service(mcp);
    return async function mcpServer({ request }) {
      return endpoint.answer(request);
    };
  },
});
