/**
 * @module Errors: one JSON envelope for every error, whoever asks, and the named plugin
 * that maps anything thrown (or any unmatched route) onto it.
 */
import { Elysia } from "elysia";
import { baseHeaders, CONTENT_TYPE, preflightHeaders } from "./headers.ts";
import { bodyTooLarge } from "./limits.ts";

/** Every status the API answers with an error, and its stable machine-readable code. */
export const ERROR_CODES = {
  400: "bad_request",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  429: "rate_limited",
  500: "internal_error",
  502: "bad_gateway",
  503: "not_configured",
} as const;

export type ErrorStatus = keyof typeof ERROR_CODES;

/** Thrown by services and handlers; the error plugin turns it into the envelope. */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly headers: Readonly<Record<string, string>>;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    status: ErrorStatus,
    message: string,
    options: { headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.headers = options.headers ?? {};
    this.details = options.details;
  }
}

/**
 * `{ "error": { "status", "code", "message", ...details } }` as a Response; for HEAD,
 * the same headers and no body (a server strips it, `app.handle` would not).
 */
export function errorResponse(error: ApiError, request?: Request): Response {
  const body = {
    error: {
      status: error.status,
      code: ERROR_CODES[error.status],
      message: error.message,
      ...error.details,
    },
  };
  return new Response(request?.method === "HEAD" ? null : JSON.stringify(body), {
    status: error.status,
    headers: {
      ...baseHeaders(),
      "content-type": CONTENT_TYPE.json,
      "cache-control": "no-store",
      ...error.headers,
    },
  });
}

/** The 500 for anything unforeseen: the envelope says only that it was logged. */
export function internalError(request?: Request): Response {
  return errorResponse(new ApiError(500, "Something went wrong on our side; it has been logged"), request);
}

const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * Makes request input safe to quote in a message: printable ASCII only (anything else
 * percent-encoded), and short. Keeps control bytes out of logs and terminals.
 */
export function quoteInput(input: string, maxLength = 120): string {
  if (input.length <= maxLength && PRINTABLE.test(input)) return input;
  const printable = input.replace(/[^\x20-\x7e]/gu, (char) => encodeURIComponent(char));
  return printable.length > maxLength ? `${printable.slice(0, maxLength)}...` : printable;
}

/** The path of a request URL, without its query: what messages and logs quote. */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  const end = url.indexOf("?", start);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

/** Methods answered for each path, from the app's route table. HEAD follows GET. */
export function allowedMethods(routes: readonly { method: string; path: string }[]) {
  const byPath = new Map<string, string[]>();
  for (const { method, path } of routes) {
    const methods = byPath.get(path) ?? [];
    const add = method === "GET" ? ["GET", "HEAD"] : [method];
    for (const m of add) if (!methods.includes(m)) methods.push(m);
    byPath.set(path, methods);
  }
  return byPath;
}

/** What the app answers when no route matched the method and path. */
function unmatched(request: Request, allowed: Map<string, string[]>): Response {
  const path = pathOf(request.url);
  const methods = allowed.get(path) ?? allowed.get(path.replace(/\/+$/, "") || "/");
  if (!methods) {
    return errorResponse(
      new ApiError(404, `No route for ${quoteInput(request.method, 16)} ${quoteInput(path)}`),
      request,
    );
  }
  const allow = [...methods, "OPTIONS"].join(", ");
  if (request.method === "OPTIONS") {
    // A CORS preflight, or a plain OPTIONS: both learn what the path answers.
    return new Response(null, {
      status: 204,
      headers: { ...baseHeaders(), ...preflightHeaders(allow), allow },
    });
  }
  return errorResponse(
    new ApiError(405, `${quoteInput(path)} answers ${allow}, not ${quoteInput(request.method, 16)}`, {
      headers: { allow },
    }),
    request,
  );
}

export interface ErrorLog {
  error(message: string, error: unknown): void;
}

/**
 * The app's one error handler. `routeTable` is read lazily so that routes registered
 * after this plugin still count when answering 405.
 */
export function errorEnvelope(
  routeTable: () => readonly { method: string; path: string }[],
  log: ErrorLog = console,
  /** Bodies over this get 413 even where no route matched (see `body-limit`). */
  bodyLimitBytes = Number.POSITIVE_INFINITY,
) {
  let allowed: Map<string, string[]> | undefined;
  function envelopeFor(code: string | number, error: unknown, request: Request): Response {
    if (error instanceof ApiError) return errorResponse(error, request);
    switch (code) {
      case "NOT_FOUND": {
        const tooLarge = bodyTooLarge(request, bodyLimitBytes);
        if (tooLarge) return errorResponse(tooLarge, request);
        allowed ??= allowedMethods(routeTable());
        return unmatched(request, allowed);
      }
      case "PARSE":
      case "VALIDATION":
      case "INVALID_COOKIE_SIGNATURE":
      case "INVALID_FILE_TYPE":
        return errorResponse(new ApiError(400, "The request could not be understood"), request);
      default:
        log.error(`${request.method} ${quoteInput(pathOf(request.url))} failed`, error);
        return internalError(request);
    }
  }
  // Short on purpose: Elysia reads this hook's source for every route it composes (a
  // checksum over each character; see `synchronous-handler.ts`). It cannot be bound like
  // the other hooks: Elysia keeps an error hook's answer only if its source shows a
  // `return`. It destructures what it passes on: handing on the whole context would
  // make Elysia parse cookies and body for every route, asynchronously.
  return new Elysia({ name: "error-envelope" }).onError(
    { as: "global" },
    function toEnvelope({ code, error, request }) {
      return envelopeFor(code, error, request);
    },
  );
}
