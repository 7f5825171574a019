/**
 * The PROXY protocol's header as the doors read it: v1's line and v2's binary header,
 * whole or a byte at a time, the bytes after it left for the door; LOCAL (a health
 * check); and everything that is not a header as the protocol writes it, refused. The
 * headers are the test relay's (`tests/support/proxy-relay.ts`), written apart from the
 * parser.
 */
import { describe, expect, test } from "bun:test";
import {
  PROXY_SIGNATURE_BYTES,
  parseProxyHeader,
  startsWithProxySignature,
  V2_MAX_BYTES,
} from "../../lib/doors/door/proxy-protocol.ts";
import { proxyV1, proxyV2 } from "../support/proxy-relay.ts";

const SSH_IDENT = Buffer.from("SSH-2.0-OpenSSH_9.2\r\n");

describe("a whole header", () => {
  test.each([
    ["v1, TCP4", proxyV1("203.0.113.7"), "203.0.113.7"],
    ["v1, TCP6", proxyV1("2001:db8::7"), "2001:db8::7"],
    ["v2, IPv4", proxyV2("203.0.113.7"), "203.0.113.7"],
    ["v2, IPv6", proxyV2("2001:db8::7"), "2001:db8:0:0:0:0:0:7"],
    ["v2, IPv6 mapping an IPv4 address", proxyV2("::ffff:cb00:7107"), "203.0.113.7"],
    [
      "v2, with TLVs after the addresses",
      proxyV2("203.0.113.7", [0x04, 0x00, 0x02, 0x00, 0x00]),
      "203.0.113.7",
    ],
  ])("%s: names the client, and its length leaves what follows to the door", (_, header, client) => {
    expect(parseProxyHeader(Buffer.concat([header, SSH_IDENT]))).toEqual({
      header: { command: "proxy", client },
      length: header.length,
    });
  });

  test("v2 LOCAL: the proxy checking the door's health, no client", () => {
    expect(parseProxyHeader(proxyV2("local"))).toEqual({ header: { command: "local" }, length: 16 });
  });

  test("v1 UNKNOWN and v2's unspecified family: a header naming no client", () => {
    expect(parseProxyHeader(Buffer.from("PROXY UNKNOWN\r\n"))).toEqual({
      header: { command: "proxy", client: undefined },
      length: 15,
    });
    const unspecified = Buffer.from([...proxyV2("local").subarray(0, 12), 0x21, 0x00, 0x00, 0x00]);
    expect(parseProxyHeader(unspecified)).toEqual({
      header: { command: "proxy", client: undefined },
      length: 16,
    });
  });
});

describe("a header read as it arrives", () => {
  test.each([
    ["v1", proxyV1("203.0.113.7")],
    ["v2", proxyV2("2001:db8::7", [0x04, 0x00, 0x01, 0x00])],
  ])("%s a byte at a time: incomplete until its last byte", (_, header) => {
    for (let end = 1; end < header.length; end++) {
      expect(parseProxyHeader(header.subarray(0, end))).toEqual({ incomplete: true });
    }
    expect(parseProxyHeader(header)).toMatchObject({ length: header.length });
  });
});

describe("what is not a header", () => {
  const v2 = (byte12: number, byte13: number, length = 12) =>
    Buffer.from([
      ...proxyV2("local").subarray(0, 12),
      byte12,
      byte13,
      length >> 8,
      length & 0xff,
      ...Array(length).fill(1),
    ]);
  test.each([
    ["an SSH client's identification line", SSH_IDENT, "no PROXY header"],
    ["an HTTP request", Buffer.from("GET / HTTP/1.1\r\n"), "no PROXY header"],
    ["v1 with an address that is none", Buffer.from("PROXY TCP4 1.2.3.999 127.0.0.1 1 22\r\n"), "a v1 line"],
    ["v1 with TCP4 and an IPv6 address", Buffer.from("PROXY TCP4 ::1 ::1 1 22\r\n"), "a v1 line"],
    ["v1 with a port over 65535", Buffer.from("PROXY TCP4 1.2.3.4 127.0.0.1 65536 22\r\n"), "a v1 line"],
    ["v1 with a word too many", Buffer.from("PROXY TCP4 1.2.3.4 127.0.0.1 1 22 x\r\n"), "a v1 line"],
    [
      "v1 with no line end in 107 bytes",
      Buffer.from(`PROXY TCP4 ${"1".repeat(120)}`),
      "longer than 107 bytes",
    ],
    ["v2 of another version", v2(0x31, 0x11), "another version"],
    ["v2 with an unknown command", v2(0x22, 0x11), "unknown command"],
    ["v2 whose addresses do not fit", v2(0x21, 0x21), "do not fit"],
    ["v2 longer than the longest taken", v2(0x21, 0x11, V2_MAX_BYTES), "longer than"],
  ])("%s is refused", (_, bytes, why) => {
    expect((parseProxyHeader(bytes) as { malformed: string }).malformed).toContain(why);
  });
});

describe("a header's signature, where none is believed", () => {
  test("v1's and v2's are seen; a finger query, a name starting with P, or an SSH line are not", () => {
    expect(startsWithProxySignature(proxyV1("203.0.113.7"))).toBe(true);
    expect(startsWithProxySignature(proxyV2("local"))).toBe(true);
    for (const first of ["Pat\r\n", "PROXY\r\n", "PROXYMAN\r\n", SSH_IDENT.toString()]) {
      expect(startsWithProxySignature(Buffer.from(first))).toBe(false);
    }
  });

  test("split across packets: undefined until enough has come to tell, 6 bytes for v1, 12 for v2", () => {
    for (const header of [proxyV1("203.0.113.7"), proxyV2("203.0.113.7")]) {
      const needed = header[0] === 0x50 ? 6 : PROXY_SIGNATURE_BYTES;
      for (let length = 1; length < needed; length++) {
        expect({ length, seen: startsWithProxySignature(header.subarray(0, length)) }).toEqual({
          length,
          seen: undefined,
        });
      }
      expect(startsWithProxySignature(header.subarray(0, needed))).toBe(true);
    }
    // An empty finger query might begin v2's signature; the door answers it all the same.
    expect(startsWithProxySignature(Buffer.from("\r\n"))).toBeUndefined();
  });
});
