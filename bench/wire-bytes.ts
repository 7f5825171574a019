/**
 * @module Bytes on the wire: the body each endpoint sends, as is and in each content
 * coding, as the app answers a client that asks for it.
 */
import { OPENAPI_PATH } from "../lib/docs/paths.ts";
import { ENCODINGS } from "../lib/http/compression.ts";
import { type BenchCase, CLIENTS } from "./cases.ts";

export interface WireRow {
  readonly name: string;
  /** Body bytes without a coding, then per coding (the same when the body is not compressed). */
  readonly identity: number;
  readonly encoded: Readonly<Record<(typeof ENCODINGS)[number], number>>;
}

/** The largest answer, which no case measures for speed. */
const DOCUMENT = { name: `${OPENAPI_PATH}, program: JSON`, path: OPENAPI_PATH, headers: CLIENTS.program };

async function bodyBytes(url: string, headers: Record<string, string>, coding: string): Promise<number> {
  const response = await fetch(url, {
    headers: { ...headers, "accept-encoding": coding },
    decompress: false,
  });
  return (await response.arrayBuffer()).byteLength;
}

/** Each case's body size, and the OpenAPI document's, as is and per coding, from the running app at `url`. */
export async function wireBytes(url: string, cases: readonly BenchCase[]): Promise<WireRow[]> {
  const rows: WireRow[] = [];
  for (const { name, path, headers } of [...cases, DOCUMENT]) {
    const identity = await bodyBytes(`${url}${path}`, headers, "identity");
    const encoded = { br: 0, zstd: 0, gzip: 0 };
    for (const coding of ENCODINGS) encoded[coding] = await bodyBytes(`${url}${path}`, headers, coding);
    rows.push({ name, identity, encoded });
  }
  return rows;
}
