/**
 * @module The SSH door's server: ssh2 speaks the protocol, with the algorithms offered
 * here. Each connection the door's server accepts (`door/serve.ts`) is handed to ssh2;
 * what the client asks of it is answered here: any user name gets in, with no password or
 * key; port forwarding either way and Unix sockets are refused; one session a connection,
 * whose requests (`requests.ts`) open a `Session`, met by the handlers in the order
 * `handlers` lists them.
 */
import type { Socket } from "node:net";
import type * as ssh2 from "ssh2";
import { type Algorithms, Server } from "ssh2";
import type { OpenDoor } from "../door/listen.ts";
import { type DoorServerOptions, serveDoor } from "../door/serve.ts";
import type { SshSettings } from "./config.ts";
import { SshConnection } from "./connection.ts";
import type { HostKey } from "./host-key.ts";
import { plainWithoutPty } from "./plain-without-pty.ts";
import { refuseCommands } from "./refuse-commands.ts";
import { refuseOverLimit } from "./refuse-over-limit.ts";
import { answerRequests } from "./requests.ts";
import type { DoorScreens } from "./screens.ts";
import { compose, type Handler } from "./session.ts";
import { terminal } from "./terminal.ts";

/**
 * What the door offers, each run natively by Bun's and Deno's `node:crypto` (ssh2 would
 * fall back to JavaScript for chacha20-poly1305, which Bun lacks: bun#8072). Curve25519
 * first, NIST P-256 for older clients; AES in GCM, then in CTR with an SHA-256 MAC.
 */
export const SSH_ALGORITHMS = {
  kex: ["curve25519-sha256", "curve25519-sha256@libssh.org", "ecdh-sha2-nistp256"],
  serverHostKey: ["ssh-ed25519"],
  cipher: ["aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "aes128-ctr", "aes256-ctr"],
  hmac: ["hmac-sha2-256-etm@openssh.com", "hmac-sha2-256"],
  compress: ["none"],
} as const satisfies Algorithms;

/** How often the server asks a quiet client whether it is still there. */
const KEEPALIVE_MS = 30_000;

export interface SshServerOptions extends DoorServerOptions {
  readonly settings: SshSettings;
  readonly hostKey: HostKey;
  readonly screens: DoorScreens;
  readonly plainProfile: () => string;
  /** What a visitor types to come back, at the port the door listens on: `ssh -p 2222 localhost`. */
  readonly command: (port: number) => string;
}

/** The handlers a session meets, in order: the limits, a command, no pty; the terminal last. */
function handlers(options: SshServerOptions, comeBack: () => string): Handler {
  return compose(
    [refuseOverLimit(options.settings), refuseCommands(comeBack), plainWithoutPty(options.plainProfile)],
    terminal({ screens: options.screens, settings: options.settings, comeBack }),
  );
}

/** ssh2's name for a connection: its peer's address and port. */
const peerOf = (socket: Pick<Socket, "remoteAddress" | "remotePort">) =>
  `${socket.remoteAddress}|${socket.remotePort}`;

export async function openSshServer(options: SshServerOptions): Promise<OpenDoor> {
  // Known once the door listens.
  let command = "";
  const handler = handlers(options, () => command);
  // Connections handed to ssh2 whose identification line has not come yet.
  const handshaking = new Map<string, SshConnection>();
  const ssh = new Server(
    {
      hostKeys: [options.hostKey.privateKey],
      algorithms: SSH_ALGORITHMS,
      ident: "site",
      // A word every 30 s keeps Fly's proxy from closing a quiet session at 60 s, and
      // finds a visitor gone without a word: three unanswered, and the slot is free.
      keepaliveInterval: KEEPALIVE_MS,
      keepaliveCountMax: 3,
    },
    (client, info) => {
      const peer = peerOf({ remoteAddress: info.ip, remotePort: info.port });
      const connection = handshaking.get(peer);
      handshaking.delete(peer);
      // A client's protocol errors (garbage, a connection reset) end its connection and say
      // nothing we could act on; our own handlers' failures are caught and logged (`guard`).
      client.on("error", () => {});
      if (!connection) client.end();
      else answer(client, connection, handler);
    },
  );
  ssh.on("error", () => {});
  const door = await serveDoor(options, (accepted) => {
    const connection = new SshConnection(accepted, options.settings, options.report.log);
    const peer = peerOf(accepted.socket);
    handshaking.set(peer, connection);
    accepted.socket.once("close", () => handshaking.delete(peer));
    ssh.injectSocket(accepted.socket);
    return connection;
  });
  command = options.command(door.port);
  return { ...door, about: `host key ${options.hostKey.fingerprint}` };
}

/** What a client may ask of its connection, answered. */
function answer(client: ssh2.Connection, connection: SshConnection, handler: Handler): void {
  connection.handshakeStarted(client);
  client.on("authentication", (context) => context.accept());
  client.on("ready", () => connection.ready());
  // Forwarding either way, and Unix sockets: refused.
  client.on("tcpip", (_accept, reject) => reject());
  client.on("openssh.streamlocal", (_accept, reject) => reject());
  client.on("request", (_accept, reject) => reject?.());
  let sessions = 0;
  client.on("session", (accept, reject) =>
    connection.guard(() => {
      // One session a connection: the slots count connections.
      if (sessions++ > 0) reject();
      else answerRequests(accept(), connection, handler);
    }),
  );
}
