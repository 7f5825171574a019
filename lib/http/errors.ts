/**
 * @module Errors: one JSON envelope for every error, whoever asks, and the answers for
 * a request no route matched (404, 405 with `Allow`, 204 for a preflight). The request
 * pipeline (`pipeline.ts`) decides when; this module decides what is said.
 */
import { baseHeaders, CONTENT_TYPE, preflightHeaders } from "./headers.ts";

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

/** Thrown by services and handlers; the pipeline turns it into the envelope. */
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
 * the same headers and no body.
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
 * Makes request input safe to quote in a message or a log line: printable ASCII only
 * (anything else percent-encoded), and short. Keeps control bytes out of terminals.
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

/** The methods each path answers, HEAD beside GET: what 405 and preflights list. */
export type AllowedMethods = ReadonlyMap<string, readonly string[]>;

export function allowedMethods(routes: readonly { method: string; path: string }[]): AllowedMethods {
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
export function unmatchedAnswer(request: Request, allowed: AllowedMethods): Response {
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

/** Where failures go: the message and the error, stack trace included. */
export interface ErrorLog {
  error(message: string, error: unknown): void;
}

/** Elysia's codes for a request it could not parse or validate. */
const MALFORMED = new Set(["PARSE", "VALIDATION", "INVALID_COOKIE_SIGNATURE", "INVALID_FILE_TYPE"]);

/**
 * The envelope for anything a route or hook threw: an `ApiError` says what it is; a
 * request Elysia could not parse is a 400; anything else is a bug, logged with its
 * trace and answered 500 without one.
 */
export function thrownAnswer(
  code: string | number,
  error: unknown,
  request: Request,
  log: ErrorLog,
): Response {
  if (error instanceof ApiError) return errorResponse(error, request);
  if (MALFORMED.has(String(code))) {
    return errorResponse(new ApiError(400, "The request could not be understood"), request);
  }
  log.error(`${request.method} ${quoteInput(pathOf(request.url))} failed`, error);
  return internalError(request);
}
