/**
 * @module Content codings: which one an `Accept-Encoding` asks for, and the body in
 * each. Bodies are compressed once, when a prepared response is built; a request only
 * picks one of the copies (`prepared-response.ts`).
 */

import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from "node:zlib";
import { qualityList } from "./q-values.ts";

/** The codings this API sends, in the order it prefers them when a client likes several equally. */
export const ENCODINGS = ["br", "zstd", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * Bodies up to this many bytes go out as they are: below about a kilobyte the coding's
 * own framing and the work to decode it cost more than the bytes saved.
 */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Bodies over this many bytes (the docs UI's script, 4 MB) are compressed at the
 * `large` levels below. Compressing runs on the event loop, so every request that
 * arrives meanwhile waits: brotli's strongest level spends seconds on a body that size.
 */
export const LARGE_BODY_BYTES = 1024 * 1024;

/**
 * Each coding's level: its strongest for a body up to `LARGE_BODY_BYTES`, as a body is
 * compressed once and every later answer is smaller; above that, the level past which
 * the time grows far faster than the bytes shrink
 * (docs/decisions/2026-11-25-docs-ui-served-by-the-app.md).
 */
const LEVELS: Readonly<Record<Encoding, { readonly strongest: number; readonly large: number }>> = {
  br: { strongest: 11, large: 6 },
  zstd: { strongest: 19, large: 12 },
  gzip: { strongest: 9, large: 9 },
};

const COMPRESS: Readonly<
  Record<Encoding, (body: Uint8Array<ArrayBuffer>, level: number) => Uint8Array<ArrayBuffer>>
> = {
  br: (body, level) => {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: level,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  },
  zstd: (body, level) => {
    return zstdCompressSync(body, { params: { [constants.ZSTD_c_compressionLevel]: level } });
  },
  gzip: (body, level) => gzipSync(body, { level }),
};

/** The body in one coding. */
export function compress(body: Uint8Array<ArrayBuffer>, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const { strongest, large } = LEVELS[encoding];
  return COMPRESS[encoding](body, body.byteLength > LARGE_BODY_BYTES ? large : strongest);
}

/**
 * The coding to answer with, per RFC 9110 §12.5.3: the highest q-value among the
 * codings we have, ties going to our order; `undefined` means identity. Identity
 * competes only when the header names it; otherwise it is the fallback. No header, or
 * one that accepts none of ours, gets identity too: every client can read it, so a 406
 * would help no one.
 */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = parseAcceptEncoding(acceptEncoding);
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  let best: Encoding | undefined;
  let bestWeight = weights.get("identity") ?? 0;
  for (const encoding of ENCODINGS) {
    const weight = weightOf(encoding);
    // `>=` while identity leads: a coding the client likes as much as identity wins.
    if (weight > 0 && (best === undefined ? weight >= bestWeight : weight > bestWeight)) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** `gzip;q=0.8, br` as coding → q-value; `x-gzip` is gzip (RFC 9110 §8.4.1.3). */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const { value, q } of qualityList(header)) {
    const coding = value === "x-gzip" ? "gzip" : value;
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0));
  }
  return weights;
}
