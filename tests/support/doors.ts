/**
 * Test support: the doors beside HTTP, reached with the clients people use: OpenSSH's
 * `ssh`, `sftp` and `ssh-keyscan`, and `nc` for finger (Debian's `finger` client asks
 * port 79 only); a host key made for the test run; raw sockets for what no client sends.
 */
import { connect } from "node:net";
import { hostKeyFrom, newHostKey } from "../../lib/doors/ssh/host-key.ts";

/** A host key of the test run's own: no key is kept in the repository. */
export const TEST_HOST_KEY = newHostKey();
export const TEST_FINGERPRINT = hostKeyFrom(TEST_HOST_KEY, "test").fingerprint;

/** What every test's `ssh` is told: loopback, no known hosts kept, no questions asked. */
export const sshOptions = (port: number): string[] => [
  "-o",
  "StrictHostKeyChecking=no",
  "-o",
  "UserKnownHostsFile=/dev/null",
  "-o",
  "LogLevel=ERROR",
  "-o",
  "BatchMode=yes",
  "-p",
  String(port),
];

/** The shell words of `ssh` to the door, for tmux. */
export const sshCommand = (port: number, ...more: string[]): string =>
  ["ssh", ...sshOptions(port), ...more, "127.0.0.1"].join(" ");

export interface Ran {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a client to the end (or kills it after `ms`), with no terminal. */
export async function runClient(args: readonly string[], ms = 10_000, stdin?: string): Promise<Ran> {
  const child = Bun.spawn([...args], {
    stdin: stdin === undefined ? "ignore" : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => child.kill(), ms);
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  clearTimeout(timer);
  return { exitCode, stdout, stderr };
}

/** `ssh` to the door with no terminal (`-T`), then `more` (a command, say). */
export const ssh = (port: number, ...more: string[]): Promise<Ran> =>
  runClient(["ssh", "-T", ...sshOptions(port), "127.0.0.1", ...more]);

/** A finger query, as `nc` sends it: the line, then the answer read to the close. */
export const finger = (port: number, query: string, ms = 10_000): Promise<Ran> =>
  runClient(["nc", "127.0.0.1", String(port)], ms, query);

/** A raw connection: writes `bytes`, then resolves when the server closes it (or `ms` pass). */
export function heldOpen(
  port: number,
  bytes: string | Uint8Array,
  ms: number,
): Promise<{ closedBy: "server" | "timeout"; after: number; received: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closedBy: "timeout", after: performance.now() - started, received: Buffer.concat(chunks) });
    }, ms);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ closedBy: "server", after: performance.now() - started, received: Buffer.concat(chunks) });
    });
    socket.on("error", (error) => {
      if ((error as { code?: string }).code !== "ECONNRESET") reject(error);
    });
  });
}
