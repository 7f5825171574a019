/**
 * @module Access log: one structured line per request, written by wrapping the app's
 * fetch handler (no per-request Elysia hook), and the `X-Request-Id` echoed back.
 */
import { clientOf } from "./client-kind.ts";
import { ConfigError, type Env } from "./config.ts";
import { internalError, pathOf, quoteInput } from "./errors.ts";
import { requestIdFor } from "./request-id.ts";

export type LogFormat = "json" | "pretty";

/**
 * `LOG_FORMAT` if set (`json` or `pretty`); otherwise pretty for a person watching a
 * terminal, JSON for a log collector. The terminal is asked only when the variable is
 * unset: on Bun, asking loads Node's stream modules, a few MB and ms at start-up.
 */
export function logFormat(env: Env, stdoutIsTerminal: () => boolean): LogFormat {
  const raw = env.LOG_FORMAT?.trim();
  if (raw === undefined || raw === "") return stdoutIsTerminal() ? "pretty" : "json";
  if (raw === "json" || raw === "pretty") return raw;
  throw new ConfigError("LOG_FORMAT", `must be "json" or "pretty", got "${quoteInput(raw, 32)}"`);
}

export interface AccessEntry {
  /** When the request arrived, UTC ISO 8601. */
  readonly time: string;
  readonly method: string;
  /** The path without the query, made printable (`quoteInput`): no control bytes in logs. */
  readonly path: string;
  readonly status: number;
  /** From the request's arrival to the response's headers, in milliseconds. */
  readonly durationMs: number;
  readonly client: string;
  readonly requestId: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON must escape.
const NEEDS_ESCAPING = /["\\\u0000-\u001f]/;

/** A JSON string literal: the text as it is when nothing in it needs escaping (the usual case). */
const jsonString = (text: string) => (NEEDS_ESCAPING.test(text) ? JSON.stringify(text) : `"${text}"`);

/**
 * A format in two parts: the request's method and path, which a route the server's
 * router matched formats once, and the line around them.
 */
interface LineFormat {
  request(method: string, path: string): string;
  line(time: string, request: string, status: number, durationMs: number, client: string, id: string): string;
}

const FORMATS: Record<LogFormat, LineFormat> = {
  // Written out rather than JSON.stringify(entry): this runs once per request, and
  // stringify was a fifth of the server's CPU under load. Only method and path come
  // from the request; the rest cannot need escaping.
  json: {
    request: (method, path) => `"method":${jsonString(method)},"path":${jsonString(path)}`,
    line: (time, request, status, durationMs, client, id) =>
      `{"time":"${time}",${request},"status":${status},"durationMs":${durationMs},"client":"${client}","requestId":"${id}"}`,
  },
  pretty: {
    request: (method, path) => `${method} ${path}`,
    line: (time, request, status, durationMs, client, id) =>
      `${time} ${request} ${status} ${durationMs}ms ${client} ${id}`,
  },
};

/** One line, as `withAccessLog` writes it, from its fields. */
export function formatAccess(entry: AccessEntry, format: LogFormat): string {
  const { time, method, path, status, durationMs, client, requestId } = entry;
  const { request, line } = FORMATS[format];
  return line(time, request(method, path), status, durationMs, client, requestId);
}

/** Sets a header, copying the response first if its headers are immutable. */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/** The one method and path a server's router sends a handler, when it matches them exactly. */
export interface MatchedRoute {
  readonly method: string;
  readonly path: string;
}

export interface AccessLogOptions {
  readonly format: LogFormat;
  /** Where each line goes; the entry points pass stdout. */
  readonly write: (line: string) => void;
  readonly newId?: () => string;
  /**
   * What the server's router matched for this handler. The log then reads neither from
   * the request: Bun builds `request.url` on its first read, and that read alone cost
   * about a tenth of a bare server's time per request.
   */
  readonly matched?: MatchedRoute;
}

/** ISO 8601 for a time in epoch milliseconds, formatted once per millisecond: under load many requests share one. */
function isoTimestamps(): (epochMs: number) => string {
  let lastMs = Number.NaN;
  let last = "";
  return function iso(epochMs) {
    const ms = Math.floor(epochMs);
    if (ms !== lastMs) {
      lastMs = ms;
      last = new Date(ms).toISOString();
    }
    return last;
  };
}

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * Wraps a fetch handler: echoes or assigns `X-Request-Id`, writes one line per request,
 * and turns anything the handler throws into the JSON 500 envelope.
 *
 * This runs for every request, so it is written for speed (the benchmark measures it):
 * no closure or entry object per request, a matched route's method and path formatted
 * once, the client the route classified reused (`clientOf`), and the time read from
 * `performance.now()`, which the duration needs anyway.
 */
export function withAccessLog(handler: FetchHandler, options: AccessLogOptions): FetchHandler {
  const { write, newId, matched } = options;
  const { request: formatRequest, line } = FORMATS[options.format];
  const iso = isoTimestamps();
  const matchedRequest =
    matched && formatRequest(quoteInput(matched.method, 16), quoteInput(matched.path, 200));

  function logged(request: Request, started: number, requestId: string, answer: Response): Response {
    const response = withHeader(answer, "x-request-id", requestId);
    write(
      line(
        iso(performance.timeOrigin + started),
        matchedRequest ?? formatRequest(quoteInput(request.method, 16), quoteInput(pathOf(request.url), 200)),
        response.status,
        Math.round((performance.now() - started) * 100) / 100,
        clientOf(request).kind,
        requestId,
      ),
    );
    return response;
  }

  function failed(request: Request, error: unknown): Response {
    console.error(`${request.method} ${quoteInput(pathOf(request.url))} failed`, error);
    return internalError();
  }

  return function loggedFetch(request) {
    const started = performance.now();
    const requestId = requestIdFor(request.headers.get("x-request-id"), newId);
    let result: Response | Promise<Response>;
    try {
      result = handler(request);
    } catch (error) {
      return logged(request, started, requestId, failed(request, error));
    }
    // Elysia answers most routes synchronously; only a promise needs a `then`.
    if (!(result instanceof Promise)) return logged(request, started, requestId, result);
    return result.then(
      (answer) => logged(request, started, requestId, answer),
      (error) => logged(request, started, requestId, failed(request, error)),
    );
  };
}
