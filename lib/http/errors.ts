/**
 * @module Errors: one JSON envelope for every error, whoever asks, and the envelope for
 * anything a route or hook threw. The request pipeline (`pipeline.ts`) decides when;
 * this module decides what is said. A request no route matched is `not-found.ts`'s.
 * People at a terminal get the envelope pretty-printed and ending in a newline, as
 * every JSON answer they get, so their prompt starts on a line of its own.
 */

import { quoteInput } from "../utils/request-input.ts";
import type { Client } from "./client-kind.ts";
import { uncachedJson } from "./prepared-response.ts";

/**
 * Every error the API answers with, by its stable machine-readable code: the HTTP status
 * it goes with, and what it means, as the OpenAPI document says it.
 */
export const ERRORS = {
  bad_request: { status: 400, meaning: "Malformed request" },
  not_found: { status: 404, meaning: "No such route" },
  method_not_allowed: { status: 405, meaning: "Known path, wrong method (see the Allow header)" },
  request_timeout: {
    status: 408,
    meaning: "The request body did not arrive in time, or the server began shutting down as it arrived",
  },
  payload_too_large: { status: 413, meaning: "Request body over the limit" },
  misdirected_request: {
    status: 421,
    meaning: "On Fly, a machine that does not hold app-wide state; Fly's proxy replays the request",
  },
  rate_limited: { status: 429, meaning: "Too soon: see Retry-After" },
  internal_error: { status: 500, meaning: "Unexpected failure; logged, no details exposed" },
  not_configured: { status: 503, meaning: "Not configured on this deployment" },
  over_capacity: {
    status: 503,
    meaning: "As many live views and event streams are open as the site allows: see Retry-After",
  },
  coordinator_unreachable: {
    status: 504,
    meaning: "On Fly, the machine that holds app-wide state could not be reached in time",
  },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** Thrown by services and handlers, naming what went wrong; the pipeline turns it into the envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: (typeof ERRORS)[ErrorCode]["status"];
  readonly headers: Readonly<Record<string, string>>;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = ERRORS[code].status;
    this.headers = options.headers ?? {};
    this.details = options.details;
  }
}

/**
 * `{ "error": { "status", "code", "message", ...details } }` as a Response, HEAD
 * included: the server drops the body of an answer to HEAD and keeps its length (RFC 9110
 * §9.3.2). `client` is who asked: pretty JSON for a terminal, compact for everyone else,
 * and for an answer nobody in particular gets.
 */
export function errorResponse(error: ApiError, client?: Client): Response {
  // What an error adds says more; it never changes what every envelope says.
  const { status: _status, code: _code, message: _message, ...details } = error.details ?? {};
  const body = {
    error: { status: error.status, code: error.code, message: error.message, ...details },
  };
  return uncachedJson(body, {
    pretty: client?.prettyJson ?? false,
    status: error.status,
    vary: false,
    headers: error.headers,
  });
}

/** The 500 for anything unforeseen: the envelope says only that it was logged. */
export function internalError(client?: Client): Response {
  return errorResponse(
    new ApiError("internal_error", "Something went wrong on our side; it has been logged"),
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
export function errorAnswer(
  code: string | number,
  error: unknown,
  method: string,
  path: string,
  client: Client,
  log: ErrorLog,
): Response {
  if (error instanceof ApiError) return errorResponse(error, client);
  if (MALFORMED.has(String(code))) {
    return errorResponse(new ApiError("bad_request", "The request could not be understood"), client);
  }
  log.error(`${method} ${quoteInput(path)} failed`, error);
  return internalError(client);
}
