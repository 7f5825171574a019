/**
 * @module The PROXY protocol's header (haproxy.org's proxy-protocol.txt), which a proxy
 * in front of a door (Fly's, with `handlers = ["proxy_proto"]`) writes before anything
 * else to say who the client is: version 1, one text line (`PROXY TCP4 203.0.113.7
 * 198.51.100.1 51234 22\r\n`, at most 107 bytes); version 2, 16 bytes and the length of
 * what follows (the addresses, then TLVs, skipped). A `LOCAL` command (v2) is the proxy
 * speaking for itself, a health check; `UNKNOWN` (v1) and an unspecified family (v2) say
 * nothing of the client. Read from however many bytes have arrived: a header not yet
 * whole is `incomplete`.
 */
import { isIPv4, isIPv6 } from "node:net";

/** What a whole header says: the client's address, none (unknown), or that the proxy checks its health. */
export type ProxyHeader =
  | { readonly command: "proxy"; readonly client: string | undefined }
  | { readonly command: "local" };

export type Parsed =
  | { readonly header: ProxyHeader; readonly length: number }
  | { readonly incomplete: true }
  | { readonly malformed: string };

const V1_START = Buffer.from("PROXY ");
const V1_MAX_BYTES = 107;
const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
const V2_FIXED_BYTES = 16;
/** The longest v2 header taken, TLVs included: far more than any proxy here sends. */
export const V2_MAX_BYTES = 4096;
const PORT = /^(0|[1-9][0-9]{0,4})$/;

/** Whether `bytes` may be, so far, the start of `prefix`, or holds all of it. */
const startsAs = (bytes: Buffer, prefix: Buffer) =>
  bytes.subarray(0, prefix.length).equals(prefix.subarray(0, Math.min(bytes.length, prefix.length)));

/**
 * Whether `bytes`, the first a connection sent, begin with a PROXY header's signature
 * (v1's `PROXY `, v2's 12 bytes); undefined while too few have come to tell, as when a
 * header arrives split across packets.
 */
export function startsWithProxySignature(bytes: Buffer): boolean | undefined {
  for (const signature of [V1_START, V2_SIGNATURE]) {
    if (!startsAs(bytes, signature)) continue;
    return bytes.length >= signature.length ? true : undefined;
  }
  return false;
}

/** The most bytes `startsWithProxySignature` needs to tell: v2's signature. */
export const PROXY_SIGNATURE_BYTES = V2_SIGNATURE.length;

/** The header at the start of `bytes`, with its length; `incomplete` while more must come. */
export function parseProxyHeader(bytes: Buffer): Parsed {
  if (startsAs(bytes, V2_SIGNATURE))
    return bytes.length < V2_FIXED_BYTES ? { incomplete: true } : parseV2(bytes);
  if (startsAs(bytes, V1_START))
    return bytes.length < V1_START.length ? { incomplete: true } : parseV1(bytes);
  return { malformed: "no PROXY header" };
}

function parseV1(bytes: Buffer): Parsed {
  const end = bytes.indexOf("\r\n");
  if (end === -1 || end + 2 > V1_MAX_BYTES) {
    return bytes.length >= V1_MAX_BYTES
      ? { malformed: "a v1 line longer than 107 bytes" }
      : { incomplete: true };
  }
  const [, family, source, destination, sourcePort, destinationPort, ...rest] = bytes
    .subarray(0, end)
    .toString("latin1")
    .split(" ");
  const length = end + 2;
  if (family === "UNKNOWN") return { header: { command: "proxy", client: undefined }, length };
  const isAddress = family === "TCP4" ? isIPv4 : family === "TCP6" ? isIPv6 : undefined;
  const valid =
    isAddress?.(source ?? "") &&
    isAddress(destination ?? "") &&
    PORT.test(sourcePort ?? "") &&
    PORT.test(destinationPort ?? "") &&
    Number(sourcePort) <= 65535 &&
    Number(destinationPort) <= 65535 &&
    rest.length === 0;
  return valid
    ? { header: { command: "proxy", client: source }, length }
    : { malformed: "a v1 line not as the protocol writes it" };
}

function parseV2(bytes: Buffer): Parsed {
  const versionAndCommand = bytes[12] ?? 0;
  const familyAndTransport = bytes[13] ?? 0;
  const length = V2_FIXED_BYTES + bytes.readUInt16BE(14);
  if (versionAndCommand >> 4 !== 2) return { malformed: "a v2 header of another version" };
  const command = versionAndCommand & 0x0f;
  if (command > 1) return { malformed: "a v2 header with an unknown command" };
  if (length > V2_MAX_BYTES) return { malformed: `a v2 header longer than ${V2_MAX_BYTES} bytes` };
  if (bytes.length < length) return { incomplete: true };
  if (command === 0) return { header: { command: "local" }, length };
  const family = familyAndTransport >> 4;
  const addresses = bytes.subarray(V2_FIXED_BYTES, length);
  if (family === 0) return { header: { command: "proxy", client: undefined }, length };
  if (family === 1 && addresses.length >= 12) {
    return { header: { command: "proxy", client: [...addresses.subarray(0, 4)].join(".") }, length };
  }
  if (family === 2 && addresses.length >= 36)
    return { header: { command: "proxy", client: ipv6(addresses.subarray(0, 16)) }, length };
  if (family === 3) return { header: { command: "proxy", client: undefined }, length };
  return { malformed: "a v2 header whose addresses do not fit its family" };
}

/** An IPv6 address's 16 bytes as text; one that maps an IPv4 address as that address. */
function ipv6(bytes: Buffer): string {
  if (bytes.subarray(0, 10).every((byte) => byte === 0) && bytes.readUInt16BE(10) === 0xffff) {
    return [...bytes.subarray(12)].join(".");
  }
  return Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16)).join(":");
}
