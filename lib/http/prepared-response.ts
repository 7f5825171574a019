/**
 * @module Prepared responses: a body and all its headers, built once, copied per request,
 * with a strong ETag per representation and its 304. A body over a kilobyte is also sent
 * compressed to a client that asks: in each content coding, compressed the first time a
 * client asks for it, then kept; unless it is media in a coding of its own (a PNG). An answer that is built per request (an error, the
 * health check, a random pick) has the same headers (`uncachedJson`), and goes as it is.
 */
import { Cache } from "../utils/cache.ts";
import { sha256 } from "../utils/sha256.ts";
import type { Client } from "./client-kind.ts";
import { COMPRESS_MIN_BYTES, compress, type Encoding, negotiateEncoding } from "./compression.ts";
import { baseHeaders, CACHE_CONTROL, CONTENT_TYPE, type Representation, VARY } from "./headers.ts";

export interface PrepareOptions {
  contentType: string;
  cacheControl: string;
  /**
   * Adds a strong ETag so caches can revalidate with `If-None-Match`: the body's hash, or
   * the tag given, when what made the body says more than its bytes (an image: what it draws).
   */
  etag?: boolean | string;
  /** Sent compressed to a client that asks, when over a kilobyte; not media already compressed (a PNG). @default true */
  compressible?: boolean;
  /** Decides the CSP. @default "api" */
  representation?: Representation;
  /** The request headers the body depends on; `false` when it is the same for everyone. @default VARY */
  vary?: string | false;
  /** Headers that replace the base policy's, e.g. the HTML page's own CSP. */
  headers?: Readonly<Record<string, string>>;
}

/** A strong validator: the SHA-256 of the body (or of what made it), shortened; the same body gives the same tag. */
export function strongEtag(body: string | Uint8Array): string {
  return `"${sha256(body, "base64url").slice(0, 27)}"`;
}

/** One representation of the body: the answer, and the 304 for a client that holds it. */
interface Variant {
  readonly response: Response;
  /** Only with an ETag. */
  readonly notModified: { readonly etag: string; readonly response: Response } | undefined;
}

/** Every header an answer prepared with `options` carries, but its ETag, which depends on its body. */
export function preparedHeaders(options: PrepareOptions): Record<string, string> {
  const headers: Record<string, string> = {
    ...baseHeaders(options.representation),
    "content-type": options.contentType,
    "cache-control": options.cacheControl,
    ...options.headers,
  };
  const vary = options.vary ?? VARY;
  if (vary) headers.vary = vary;
  return headers;
}

function variant(
  body: Uint8Array<ArrayBuffer> | string,
  headers: Record<string, string>,
  etag: string | undefined,
): Variant {
  if (!etag) return { response: new Response(body, { headers }), notModified: undefined };
  const { "content-type": _, "content-encoding": __, ...notModifiedHeaders } = headers;
  return {
    response: new Response(body, { headers: { ...headers, etag } }),
    notModified: {
      etag,
      response: new Response(null, { status: 304, headers: { ...notModifiedHeaders, etag } }),
    },
  };
}

/**
 * A response whose body and headers are fixed; `respond` hands out copies. Each coding has
 * its own strong ETag: the identity tag with the coding's name added, as the bytes differ
 * but follow from the same body.
 */
export class PreparedResponse {
  readonly #identity: Variant;
  /** The body in each coding a client has asked for; none for a body too small to compress. */
  readonly #encoded: ((encoding: Encoding) => Variant) | undefined;

  constructor(body: string | Uint8Array<ArrayBuffer>, options: PrepareOptions) {
    const etag =
      typeof options.etag === "string" ? options.etag : options.etag ? strongEtag(body) : undefined;
    const headers = preparedHeaders(options);
    const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
    if (bytes.byteLength <= COMPRESS_MIN_BYTES || options.compressible === false) {
      this.#identity = variant(body, headers, etag);
      return;
    }
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
    this.#identity = variant(bytes, headers, etag);
    const encoded = new Cache<Variant>();
    this.#encoded = (encoding) =>
      encoded.get(encoding, () =>
        variant(
          compress(bytes, encoding),
          { ...headers, "content-encoding": encoding },
          etag && `${etag.slice(0, -1)}-${encoding}"`,
        ),
      );
  }

  /**
   * A fresh copy for this request, in the content coding its `Accept-Encoding` prefers:
   * 304 when the client already holds that representation.
   */
  respond(request: Request): Response {
    const encoded = this.#encoded;
    const encoding = encoded && negotiateEncoding(request.headers.get("accept-encoding"));
    const { response, notModified } = encoded && encoding ? encoded(encoding) : this.#identity;
    if (notModified) {
      const ifNoneMatch = request.headers.get("if-none-match");
      if (ifNoneMatch && etagMatches(ifNoneMatch, notModified.etag)) return notModified.response.clone();
    }
    return response.clone();
  }
}

/** RFC 9110 §13.1.2: weak comparison, a list of tags or `*`. */
function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Serialises JSON: pretty with a trailing newline for people at a terminal, compact otherwise (docs/http.md). */
export function serialiseJson(value: unknown, pretty: boolean): string {
  return pretty ? `${JSON.stringify(value, null, 2)}\n` : JSON.stringify(value);
}

/** What `uncachedJson` is told: who asks, the status, and `preparedHeaders`' options but the caching. */
export interface UncachedJsonOptions
  extends Partial<Pick<PrepareOptions, "contentType" | "vary" | "headers">> {
  /** Pretty with a trailing newline, for a person at a terminal (`serialiseJson`). */
  readonly pretty: boolean;
  /** @default 200 */
  readonly status?: number;
}

/**
 * A JSON answer that says how things are at this instant (an error, the health check, a
 * release report): built for one request and never stored (`no-store`), with the headers
 * of every prepared answer.
 *
 * @example
 * return uncachedJson(report, { pretty: client.prettyJson, status: 207, vary: false });
 */
export function uncachedJson(value: unknown, options: UncachedJsonOptions): Response {
  const { pretty, status, contentType = CONTENT_TYPE.json, ...headers } = options;
  return new Response(serialiseJson(value, pretty), {
    status,
    headers: preparedHeaders({ contentType, cacheControl: CACHE_CONTROL.noStore, ...headers }),
  });
}

/** How a `PreparedJson` differs from stable content in JSON's own media type. */
export interface PreparedJsonOptions {
  /** @default CACHE_CONTROL.content */
  readonly cacheControl?: string;
  /** A strong ETag per representation. @default true */
  readonly etag?: boolean;
  /** @default CONTENT_TYPE.json */
  readonly contentType?: string;
}

/**
 * The two JSON representations of one value, chosen by who is asking.
 *
 * @example
 * new PreparedJson(jrd, { contentType: CONTENT_TYPE.jrd });
 * new PreparedJson(heartbeat, { cacheControl: CACHE_CONTROL.noStore, etag: false });
 */
export class PreparedJson {
  readonly compact: PreparedResponse;
  readonly pretty: PreparedResponse;

  constructor(value: unknown, options: PreparedJsonOptions = {}) {
    const { cacheControl = CACHE_CONTROL.content, etag = true, contentType = CONTENT_TYPE.json } = options;
    const prepare = { contentType, cacheControl, etag };
    this.compact = new PreparedResponse(serialiseJson(value, false), prepare);
    this.pretty = new PreparedResponse(serialiseJson(value, true), prepare);
  }

  for(client: Client): PreparedResponse {
    return client.prettyJson ? this.pretty : this.compact;
  }

  respond(client: Client, request: Request): Response {
    return this.for(client).respond(request);
  }
}

/**
 * A file served the same to every client (robots.txt, the sitemap, security.txt): cached
 * as content and revalidated by ETag.
 */
export function preparedFile(contentType: string, text: string): (request: Request) => Response {
  const file = new PreparedResponse(text, {
    contentType,
    cacheControl: CACHE_CONTROL.content,
    etag: true,
    vary: false,
  });
  return (request) => file.respond(request);
}
