/**
 * Test support: a relay on a loopback port that stands in for Fly's proxy in front of a
 * door: each connection to it is carried to the door, starting with a PROXY protocol
 * header that names the client it is told to claim (v1's text line or v2's binary
 * header, written here from haproxy.org's proxy-protocol.txt, not with the parser under
 * test), or a LOCAL header (a health check), or any bytes at all. Real clients (`ssh`,
 * `nc`) connect to the relay as they would to the site.
 */
import { connect, createServer, isIPv4, type Server, type Socket } from "node:net";

/** `PROXY TCP4 203.0.113.7 127.0.0.1 51234 22\r\n` (TCP6 for an IPv6 client). */
export function proxyV1(client: string, port = 51234): Buffer {
  const [family, destination] = isIPv4(client) ? ["TCP4", "127.0.0.1"] : ["TCP6", "::1"];
  return Buffer.from(`PROXY ${family} ${client} ${destination} ${port} 22\r\n`, "latin1");
}

const V2_SIGNATURE = [0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a];

/** An IPv6 address's 16 bytes (`::` written out). */
function ipv6Bytes(address: string): number[] {
  const [head = "", tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") && tail ? tail.split(":") : [];
  const groups = [
    ...headGroups,
    ...Array(8 - headGroups.length - tailGroups.length).fill("0"),
    ...tailGroups,
  ];
  return groups.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/**
 * A v2 header: PROXY over TCP naming `client` (IPv4 or IPv6), with `tlvs` after the
 * addresses (a TLV of type 0x04, NOOP, by default none); or `"local"`: LOCAL, no address.
 */
export function proxyV2(client: string | "local", tlvs: number[] = []): Buffer {
  if (client === "local") return Buffer.from([...V2_SIGNATURE, 0x20, 0x00, 0x00, 0x00]);
  const ipv4 = isIPv4(client);
  const addresses = ipv4
    ? [...client.split(".").map(Number), 127, 0, 0, 1]
    : [...ipv6Bytes(client), ...ipv6Bytes("::1")];
  const ports = [0xc8, 0x22, 0x00, 0x16];
  const length = addresses.length + ports.length + tlvs.length;
  return Buffer.from([
    ...V2_SIGNATURE,
    0x21,
    ipv4 ? 0x11 : 0x21,
    length >> 8,
    length & 0xff,
    ...addresses,
    ...ports,
    ...tlvs,
  ]);
}

export interface Relay {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Starts a relay to `127.0.0.1:target`; each connection's first bytes to the door are
 * `header(n)` (n counting connections from 0), then whatever its client sends.
 */
export function startRelay(target: number, header: (n: number) => Uint8Array): Promise<Relay> {
  let count = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    const door = connect(target, "127.0.0.1");
    for (const socket of [client, door]) {
      open.add(socket);
      socket.once("close", () => open.delete(socket));
    }
    door.write(header(count++));
    client.pipe(door);
    door.pipe(client);
    const close = () => {
      client.destroy();
      door.destroy();
    };
    client.on("error", close).on("close", close);
    door.on("error", close).on("close", close);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({
        port: typeof address === "object" && address ? address.port : 0,
        close: () =>
          new Promise((closed) => {
            server.close(() => closed());
            for (const socket of open) socket.destroy();
          }),
      });
    });
  });
}
