/**
 * @module Bytes on the wire: the body each endpoint sends, as is and in each content
 * coding, as the app answers a client that asks for it.
 */
import { ENCODINGS } from "../lib/http/compression.ts";
import { ALL_CASES, UA } from "./cases.ts";

export interface WireRow {
  readonly name: string;
  /** Body bytes without a coding, then per coding (the same when the body is not compressed). */
  readonly identity: number;
  readonly encoded: Readonly<Record<(typeof ENCODINGS)[number], number>>;
}

/** The bench's cases, and the largest answer, which no case measures for speed. */
const MEASURED = [
  ...ALL_CASES,
  {
    name: "docs/json, program",
    path: "/api/docs/json",
    headers: { "user-agent": UA.program, accept: "*/*" },
  },
];

async function bodyBytes(url: string, headers: Record<string, string>, coding: string): Promise<number> {
  const response = await fetch(url, {
    headers: { ...headers, "accept-encoding": coding },
    decompress: false,
  });
  return (await response.arrayBuffer()).byteLength;
}

/** Each case's body size, as is and per coding, from the running app at `url`. */
export async function wireBytes(url: string): Promise<WireRow[]> {
  const rows: WireRow[] = [];
  for (const { name, path, headers } of MEASURED) {
    const identity = await bodyBytes(`${url}${path}`, headers, "identity");
    const encoded = { br: 0, zstd: 0, gzip: 0 };
    for (const coding of ENCODINGS) encoded[coding] = await bodyBytes(`${url}${path}`, headers, coding);
    rows.push({ name, identity, encoded });
  }
  return rows;
}
