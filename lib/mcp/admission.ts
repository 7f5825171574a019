/**
 * @module What `/mcp` checks before its SDK sees a request, in the order it checks it:
 * an `Origin` that is not the site's (DNS rebinding, as the transport's specification asks:
 * 403), the client's rate (429, or 503 when everyone's is spent, with `Retry-After`), the
 * body's size (the site's limit, 413), JSON (400), one message rather than a batch (batches
 * left MCP in 2025-06-18: 400), and no method that would hold a stream open (this server
 * holds none). The body is read for `LIMITS.bodyMs` at most (408). Each refusal is a
 * JSON-RPC error, as the SDK writes its own.
 */
import { LIMITS } from "../http/limits.ts";
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
}

/** The body as text; or why not: longer than the limit, slower than the deadline, or cut off. */
type Body = { readonly text: string } | { readonly refused: "too_large" | "too_slow" | "cut_off" };

/**
 * The body, read no further than `LIMITS.bodyBytes` and for no longer than
 * `LIMITS.bodyMs`: a client that trickles it holds no request open past that.
 */
async function bodyOf(request: Request): Promise<Body> {
  if (!request.body) return { text: "" };
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), LIMITS.bodyMs);
  });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), late]);
      if (read === "late") return { refused: "too_slow" };
      if (read.done) break;
      total += read.value.byteLength;
      if (total > LIMITS.bodyBytes) return { refused: "too_large" };
      chunks.push(read.value);
    }
  } catch {
    // The client closed the connection, or sent a malformed chunk: the body never came whole.
    return { refused: "cut_off" };
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  return { text: Buffer.concat(chunks).toString("utf8") };
}

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
  const body = await bodyOf(request);
  if ("refused" in body) {
    return {
      too_large: () =>
        refuse("too_large", 413, JSON_RPC.refused, `Request bodies are limited to ${LIMITS.bodyBytes} bytes`),
      too_slow: () =>
        refuse(
          "too_slow",
          408,
          JSON_RPC.refused,
          `Request Timeout: a body must arrive within ${LIMITS.bodyMs} ms`,
        ),
      cut_off: () =>
        refuse("cut_off", 400, JSON_RPC.parseError, "Parse error: the body did not arrive whole"),
    }[body.refused]();
  }
  let message: unknown;
  try {
    message = JSON.parse(body.text);
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
