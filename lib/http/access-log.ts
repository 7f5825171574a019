/**
 * @module Access log: one structured line per request, written by wrapping the app's
 * fetch handler (no per-request Elysia hook), and the `X-Request-Id` echoed back. The
 * lines themselves are `access-lines.ts`'s.
 */
import type { AccessLines, LogFormat } from "../runtime/access-lines.ts";
import { ConfigError, type Env } from "../runtime/config.ts";
import { clientOf } from "./client-kind.ts";
import { internalError, pathOf, quoteInput } from "./errors.ts";
import { requestIdFor } from "./request-id.ts";

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
  /** Where each request's entry goes; the entry points' lines go to stdout. */
  readonly lines: AccessLines;
  readonly newId?: () => string;
  /**
   * What the server's router matched for this handler. The log then reads neither from
   * the request: Bun builds `request.url` on its first read, and that read alone cost
   * about a tenth of a bare server's time per request.
   */
  readonly matched?: MatchedRoute;
}

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * Wraps a fetch handler: echoes or assigns `X-Request-Id`, writes one line per request,
 * and turns anything the handler throws into the JSON 500 envelope.
 *
 * This runs for every request, so it is written for speed (the benchmark measures it):
 * no closure or entry object per request, a matched route's method and path formatted
 * once, the client the route classified reused (`clientOf`), the time read from
 * `performance.now()`, which the duration needs anyway, and the line formatted later,
 * with its batch.
 */
export function withAccessLog(handler: FetchHandler, options: AccessLogOptions): FetchHandler {
  const { lines, newId, matched } = options;
  const matchedRequest = matched && lines.request(matched.method, matched.path);

  function logged(request: Request, started: number, requestId: string, answer: Response): Response {
    const response = withHeader(answer, "x-request-id", requestId);
    lines.add(
      performance.timeOrigin + started,
      matchedRequest ?? lines.request(request.method, pathOf(request.url)),
      response.status,
      performance.now() - started,
      clientOf(request).kind,
      requestId,
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
