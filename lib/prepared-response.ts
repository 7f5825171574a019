/**
 * @module Prepared responses: a body and all its headers, built once, cloned per
 * request. Building headers per request costs more than the rest of a handler here.
 */
import { createHash } from "node:crypto";
import type { Client } from "./client-kind.ts";
import { baseHeaders, CACHE_CONTROL, CONTENT_TYPE, type Representation, VARY } from "./headers.ts";

export interface PrepareOptions {
  contentType: string;
  cacheControl: string;
  /** Adds a strong ETag so caches can revalidate with `If-None-Match`. */
  etag?: boolean;
  /** Decides the CSP. @default "api" */
  representation?: Representation;
  /** The request headers the body depends on; `false` when it is the same for everyone. @default VARY */
  vary?: string | false;
  /** Headers that replace the base policy's, e.g. the HTML page's own CSP. */
  headers?: Readonly<Record<string, string>>;
}

/** A strong validator: the body's SHA-256, shortened; the same body gives the same tag. */
export function strongEtag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** A response whose body and headers are fixed; `respond` hands out copies. */
export class PreparedResponse {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly etag: string | undefined;
  readonly #response: Response;
  readonly #notModified: Response | undefined;

  constructor(body: string, options: PrepareOptions) {
    this.body = body;
    this.etag = options.etag ? strongEtag(body) : undefined;
    const headers: Record<string, string> = {
      ...baseHeaders(options.representation),
      "content-type": options.contentType,
      "cache-control": options.cacheControl,
      ...options.headers,
    };
    const vary = options.vary ?? VARY;
    if (vary) headers.vary = vary;
    if (this.etag) headers.etag = this.etag;
    this.headers = headers;
    this.#response = new Response(body, { headers });
    if (this.etag) {
      const { "content-type": _, ...withoutType } = headers;
      this.#notModified = new Response(null, { status: 304, headers: withoutType });
    }
  }

  /** A fresh copy for this request: 304 when the client already holds this body. */
  respond(request: Request): Response {
    if (this.#notModified) {
      const ifNoneMatch = request.headers.get("if-none-match");
      if (ifNoneMatch && etagMatches(ifNoneMatch, this.etag as string)) {
        return this.#notModified.clone();
      }
    }
    return this.#response.clone();
  }
}

/** RFC 9110 §13.1.2: weak comparison, a list of tags or `*`. */
function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Serialises JSON the way `design.md` asks: pretty with a newline for terminals. */
export function serialiseJson(value: unknown, pretty: boolean): string {
  return pretty ? `${JSON.stringify(value, null, 2)}\n` : JSON.stringify(value);
}

/** The two JSON representations of one value, chosen by who is asking. */
export class PreparedJson {
  readonly compact: PreparedResponse;
  readonly pretty: PreparedResponse;

  constructor(value: unknown, cacheControl: string = CACHE_CONTROL.content, etag = true) {
    const options = { contentType: CONTENT_TYPE.json, cacheControl, etag };
    this.compact = new PreparedResponse(serialiseJson(value, false), options);
    this.pretty = new PreparedResponse(serialiseJson(value, true), options);
  }

  for(client: Client): PreparedResponse {
    return client.prettyJson ? this.pretty : this.compact;
  }

  respond(client: Client, request: Request): Response {
    return this.for(client).respond(request);
  }
}

/** Coloured text and its plain twin, rendered once: the plain one is the colour stripped. */
export class PreparedText {
  readonly colour: PreparedResponse;
  readonly plain: PreparedResponse;

  constructor(colourText: string, plainText: string, cacheControl: string, etag = false) {
    const options = { contentType: CONTENT_TYPE.text, cacheControl, etag };
    this.colour = new PreparedResponse(colourText, options);
    this.plain = new PreparedResponse(plainText, options);
  }

  respond(colour: boolean, request: Request): Response {
    return (colour ? this.colour : this.plain).respond(request);
  }
}

/**
 * A prepared JSON response per value, each serialised the first time it is asked for:
 * a collection picked from at random need not be serialised whole before the first
 * request. Meant for the values of a fixed list, which bound its size.
 */
export function preparedOnDemand<T>(cacheControl: string): (value: T) => PreparedJson {
  const prepared = new Map<T, PreparedJson>();
  return function preparedFor(value) {
    let response = prepared.get(value);
    if (!response) {
      response = new PreparedJson(value, cacheControl, false);
      prepared.set(value, response);
    }
    return response;
  };
}
