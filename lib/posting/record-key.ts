/**
 * @module The record key of an update's Bluesky post, made from the update itself, so that
 * every run on every machine names the same post: a TID (atproto.com/specs/tid), as the
 * post lexicon asks of a key, of 53 bits of microseconds (the update's time) and 10 bits
 * of "clock id" (from a hash of the update's id), in base32-sortable. The same key makes
 * the update's link unique (`?now=`), which is how a Mastodon account's statuses are
 * searched for it.
 */
import { createHash } from "node:crypto";

const BASE32_SORTABLE = "234567abcdefghijklmnopqrstuvwxyz";

export function recordKey({ id, at }: { readonly id: string; readonly at: string }): string {
  const micros = BigInt(Date.parse(at)) * 1000n;
  const clock = BigInt(createHash("sha256").update(id).digest().readUInt16BE(0) & 0x3ff);
  // The top bit stays 0, as the spec asks, for the next 280,000 years.
  let value = (micros << 10n) | clock;
  let key = "";
  for (let i = 0; i < 13; i++) {
    key = BASE32_SORTABLE[Number(value & 31n)] + key;
    value >>= 5n;
  }
  return key;
}
