/**
 * Test support: which local addresses listen on a TCP port, as the kernel lists its
 * sockets (Linux's /proc/net/tcp and tcp6), so a test can tell loopback from every
 * interface without connecting from anywhere.
 */
import { readFileSync } from "node:fs";

/** `0100007F` (four bytes, in the host's order: little-endian here) → `127.0.0.1`. */
function ipv4(hex: string): string {
  return [6, 4, 2, 0].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(".");
}

/** Four such words → `::1`, in the URL standard's shortest form. */
function ipv6(hex: string): string {
  const bytes = [0, 8, 16, 24].flatMap((word) =>
    [6, 4, 2, 0].map((at) => hex.slice(word + at, word + at + 2)),
  );
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(`${bytes[i]}${bytes[i + 1]}`);
  return new URL(`http://[${groups.join(":")}]/`).hostname.slice(1, -1);
}

const LISTEN = "0A";

/** Every address a socket listens on `port` at, e.g. `["127.0.0.1"]`, `["::1"]`, `["0.0.0.0"]`. */
export function listeningAddresses(port: number): string[] {
  const addresses: string[] = [];
  for (const [file, address] of [
    ["/proc/net/tcp", ipv4],
    ["/proc/net/tcp6", ipv6],
  ] as const) {
    for (const line of readFileSync(file, "utf8").trim().split("\n").slice(1)) {
      const [, local = "", , state] = line.trim().split(/\s+/);
      const [host = "", hexPort = ""] = local.split(":");
      if (state === LISTEN && Number.parseInt(hexPort, 16) === port) addresses.push(address(host));
    }
  }
  return addresses.sort();
}
