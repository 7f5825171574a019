/**
 * @module Errors: one JSON envelope for every error, whoever asks, and the envelope for
 * anything a route or hook threw. The request pipeline (`pipeline.ts`) decides when;
 * this module decides what is said. A request no route matched is `unmatched.ts`'s.
 * People at a terminal get the envelope pretty-printed and ending in a newline, as
 * every JSON answer they get, so their prompt starts on a line of its own.
 */
import type { Client } from "./client-kind.ts";
import { baseHeaders, CONTENT_TYPE } from "./headers.ts";
import { serialiseJson } from "./prepared-response.ts";
import { pathOf, quoteInput } from "./request-input.ts";

/** Every status the API answers with an error, and its stable machine-readable code. */
export const ERROR_CODES = {
  400: "bad_request",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  421: "misdirected_request",
  429: "rate_limited",
  500: "internal_error",
  502: "bad_gateway",
  503: "not_configured",
  504: "coordinator_unreachable",
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
 * the same headers and no body. `client` is who asked: pretty JSON for a terminal,
 * compact for everyone else, and for an answer nobody in particular gets.
 */
export function errorResponse(error: ApiError, request?: Request, client?: Client): Response {
  const body = {
    error: {
      status: error.status,
      code: ERROR_CODES[error.status],
      message: error.message,
      ...error.details,
    },
  };
  return new Response(request?.method === "HEAD" ? null : serialiseJson(body, client?.prettyJson ?? false), {
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
export function internalError(request?: Request, client?: Client): Response {
  return errorResponse(
    new ApiError(500, "Something went wrong on our side; it has been logged"),
    request,
    client,
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
  client: Client,
  log: ErrorLog,
): Response {
  if (error instanceof ApiError) return errorResponse(error, request, client);
  if (MALFORMED.has(String(code))) {
    return errorResponse(new ApiError(400, "The request could not be understood"), request, client);
  }
  log.error(`${request.method} ${quoteInput(pathOf(request.url))} failed`, error);
  return internalError(request, client);
}
