/**
 * @module What `/mcp` checks before its SDK sees a request, in the order it checks it:
 * an `Origin` that is not the site's (DNS rebinding, as the transport's specification asks:
 * 403), the client's rate (429, or 503 when everyone's is spent, with `Retry-After`), the
 * body's size (the site's limit, 413), JSON (400), one message rather than a batch (batches
 * left MCP in 2025-06-18: 400), and no method that would hold a stream open (this server
 * holds none). The body is read as every route reads one (`readBody`): for `LIMITS.bodyMs`
 * at most, and no longer once the server drains (408). Each refusal is a JSON-RPC error,
 * as the SDK writes its own, with the site's words for it.
 */
import { ApiError, type ErrorCode } from "../http/errors.ts";
import { LIMITS, readBody } from "../http/limits.ts";
import type { RateLimit } from "../utils/rate-limit.ts";
import { quoteInput } from "../utils/request-input.ts";
import { JSON_RPC, type JsonRpcId, jsonRpcError } from "./json-rpc.ts";
import type { McpRefusal } from "./metrics.ts";

/** Methods that open a stream that stays open (2026-07-28's subscriptions): refused, as nothing here changes while a client waits. */
const STREAM_METHODS = new Set(["subscriptions/listen"]);

/** A message let through: its method and id, and the tool it calls, for the log and the metrics. */
export interface Admitted {
  readonly message: unknown;
  readonly method: string;
  /** The tool a `tools/call` names. */
  readonly tool: string | undefined;
}

export interface Refused {
  readonly refused: Response;
  readonly why: McpRefusal;
}

export interface AdmissionOptions {
  /** The origin a browser page of the site itself sends (`SITE_URL`'s). */
  readonly siteOrigin: string;
  readonly rate: RateLimit;
  /** Who the request is from, for its rate. */
  readonly client: string;
  /** Epoch milliseconds. */
  readonly now: number;
  /** Aborts when the server drains: a body still arriving then is refused at once. */
  readonly drain: AbortSignal;
}

/** Why a body the site's reader refused (`readBody`) is refused here, and its JSON-RPC code. */
const BODY_REFUSALS: Partial<Record<ErrorCode, { readonly why: McpRefusal; readonly code: number }>> = {
  payload_too_large: { why: "too_large", code: JSON_RPC.refused },
  request_timeout: { why: "too_slow", code: JSON_RPC.refused },
  bad_request: { why: "cut_off", code: JSON_RPC.parseError },
};

const fieldOf = (value: unknown, field: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[field] : undefined;

const idOf = (message: unknown): JsonRpcId => {
  const id = fieldOf(message, "id");
  return typeof id === "string" || typeof id === "number" ? id : null;
};

/** The request's one message, read and parsed; or why it is refused, in JSON-RPC's words. */
export async function admit(request: Request, options: AdmissionOptions): Promise<Admitted | Refused> {
  const refuse = (why: McpRefusal, status: number, code: number, message: string, more = {}) => ({
    why,
    refused: jsonRpcError(status, code, message, more),
  });
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== options.siteOrigin) {
    return refuse(
      "origin",
      403,
      JSON_RPC.refused,
      `Forbidden: Origin ${quoteInput(origin, 100)} is not this site's`,
    );
  }
  const rated = options.rate.take(options.client, options.now);
  if (rated) {
    const all = rated.limit === "max";
    return refuse(
      rated.limit,
      all ? 503 : 429,
      JSON_RPC.refused,
      all
        ? `Too many requests to this server from everyone: try again in ${rated.retryAfterSeconds} s`
        : `Too many requests: at most ${options.rate.perClient} a minute from one address; try again in ${rated.retryAfterSeconds} s`,
      { headers: { "retry-after": String(rated.retryAfterSeconds) } },
    );
  }
  let body: Uint8Array;
  try {
    body = await readBody(request, LIMITS.bodyBytes, options.drain);
  } catch (error) {
    const refusal = error instanceof ApiError ? BODY_REFUSALS[error.code] : undefined;
    if (!refusal) throw error;
    const { status, message, headers } = error as ApiError;
    return refuse(refusal.why, status, refusal.code, message, { headers });
  }
  let message: unknown;
  try {
    message = JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    return refuse("not_json", 400, JSON_RPC.parseError, "Parse error: the body is not JSON");
  }
  if (Array.isArray(message)) {
    return refuse(
      "batch",
      400,
      JSON_RPC.invalidRequest,
      "Invalid request: one message per request; batches are not supported",
    );
  }
  const method = fieldOf(message, "method");
  const named = typeof method === "string" ? method : "";
  if (STREAM_METHODS.has(named)) {
    return refuse(
      "stream",
      200,
      JSON_RPC.methodNotFound,
      `Method not found: ${named}; this server holds no stream open`,
      {
        id: idOf(message),
      },
    );
  }
  const tool = named === "tools/call" ? fieldOf(fieldOf(message, "params"), "name") : undefined;
  return { message, method: named, tool: typeof tool === "string" ? tool : undefined };
}
