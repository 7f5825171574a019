/**
 * @module The SSH door (`ssh site`): ssh2 speaks the protocol; this file decides what a
 * visitor gets and what holds. Anyone gets in, with any user name and no password or key.
 * A session with a terminal (a pty) gets the profile to scroll and the keys of
 * `terminal-view.ts`; one without (`ssh -T`) the plain profile, then exit 0. Commands,
 * subsystems (sftp), port forwarding either way, agent and X11 forwarding are refused.
 *
 * Each connection takes a slot when it arrives (`SSH_MAX_SESSIONS`, and
 * `SSH_SESSIONS_PER_CLIENT` per address), before ssh2 reads a byte: it has
 * `SSH_HANDSHAKE_SECONDS` to reach a session, `SSH_IDLE_SECONDS` between keys and
 * `SSH_SESSION_SECONDS` in all; a visitor who stops reading is dropped once 64 KiB wait
 * for them, in the channel and the socket together. On SIGTERM a session writes a last
 * line and closes. A failure in our handling of one connection ends it, logged; never the
 * process.
 */
import { createServer, type Socket } from "node:net";
import {
  type Algorithms,
  type Connection,
  type ServerChannel,
  type Session,
  Server as SshServer,
} from "ssh2";
import type { Style } from "../profile/ansi/index.ts";
import type { SshConfig } from "./config.ts";
import type { DoorLimit, SessionEnding } from "./door-words.ts";
import { Entrance } from "./entrance.ts";
import type { HostKey } from "./host-key.ts";
import { listenOn, type OpenDoor } from "./listen.ts";
import type { DoorScreens } from "./screens.ts";
import { type DoorReport, refusalReporter, sessionOpened } from "./session-log.ts";
import { terminalStyle } from "./terminal-colour.ts";
import { TerminalView } from "./terminal-view.ts";

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

/** What may wait unread for one visitor before they are dropped: a few screens. */
export const SSH_QUEUE_LIMIT_BYTES = 64 * 1024;

/** How often the server asks a quiet client whether it is still there. */
const KEEPALIVE_MS = 30_000;

/** How long a closing connection has to say goodbye before its socket is destroyed. */
const GOODBYE_MS = 1000;

export interface SshDoorOptions extends DoorReport {
  readonly host: string;
  readonly config: SshConfig;
  readonly hostKey: HostKey;
  readonly screens: DoorScreens;
  /** What a visitor types to come back, at the port the door listens on: `ssh -p 2222 localhost`. */
  readonly command: (port: number) => string;
  /**
   * Whether the peer's address is the visitor's: not behind Fly's proxy, where every
   * connection comes from the proxy (docs/doors.md), and only the total limit holds.
   */
  readonly peerIsClient: boolean;
}

/** How often, at most, a resized terminal is drawn again: a flood of window changes is one redraw. */
const RESIZE_REDRAW_MS = 100;

/** One connection, from its first byte to its close. */
interface Visit {
  readonly socket: Socket;
  /** ssh2's name for it: its peer's address and port, as the socket had them on arrival. */
  readonly key: string;
  /** Set when a limit refused it: it is told why in its session, then closed. */
  readonly refused: DoorLimit | undefined;
  connection?: Connection;
  /**
   * Ends the terminal session, if one is open: the terminal restored, `lastWords`, the
   * exit status, the channel closed; then `then`, once the client has closed its side.
   */
  closeTerminal?: (lastWords: string | undefined, then: () => void) => void;
  /** The handshake is done: its deadline no longer holds. */
  shookHands(): void;
  /** The visitor has their answer: however the connection closes now, that is how it ended. */
  answered(): void;
  end(ending: SessionEnding, lastWords?: string): void;
}

export async function openSshDoor(options: SshDoorOptions): Promise<OpenDoor> {
  const { config, screens } = options;
  // Known once the door listens.
  let command = "";
  const visits = new Set<Visit>();
  // ssh2 names a connection by its peer's address and port: the visit it belongs to.
  const arriving = new Map<string, Visit>();
  const entrance = new Entrance(config, {
    peerIsClient: options.peerIsClient,
    refused: refusalReporter(options, "ssh"),
  });
  const emptied: (() => void)[] = [];

  const ssh = new SshServer(
    {
      hostKeys: [options.hostKey.privateKey],
      algorithms: SSH_ALGORITHMS,
      ident: "site",
      // A word every 30 s keeps Fly's proxy from closing a quiet session at 60 s, and
      // finds a visitor gone without a word: three unanswered, and the slot is free.
      keepaliveInterval: KEEPALIVE_MS,
      keepaliveCountMax: 3,
    },
    (connection, info) => {
      const key = `${info.ip}|${info.port}`;
      const visit = arriving.get(key);
      arriving.delete(key);
      // A client's protocol errors (garbage, a connection reset) end its connection and say
      // nothing we could act on; our own handlers' failures are caught and logged (`handled`).
      connection.on("error", () => {});
      if (!visit) {
        connection.end();
        return;
      }
      visit.connection = connection;
      welcome(visit, connection);
    },
  );

  /**
   * Runs one of our handlers for `visit`: a throw (a bug of ours, or a request ssh2 answers
   * in a way we did not foresee) ends that connection, logged, and never reaches ssh2,
   * which would end the socket and leave our state behind.
   */
  function handled(visit: Visit, handler: () => void): void {
    try {
      handler();
    } catch (error) {
      options.log.error("The SSH door failed to handle a connection", error);
      visit.end("failed");
    }
  }
  ssh.on("error", () => {});

  const lasts =
    config.sessionSeconds % 60 === 0 ? `${config.sessionSeconds / 60} min` : `${config.sessionSeconds} s`;
  const LAST_WORDS = {
    shutdown: () => "The site is restarting; connect again in a few seconds.\r\n",
    time_up: () => `A session lasts ${lasts}. Connect again with: ${command}\r\n`,
    idle: () =>
      `Closed after ${config.idleSeconds} s without a key pressed. Connect again with: ${command}\r\n`,
  };
  const REFUSALS: Readonly<Record<DoorLimit, string>> = {
    max: `The site has as many SSH visitors as it allows (${config.max}): try again in a minute.\r\n`,
    per_client: `Your address holds as many SSH sessions as it may (${config.perClient}): close one, or try again in a minute.\r\n`,
  };

  const server = createServer((socket) => {
    // The refused are told why, in the handshake's time (`REFUSALS`).
    const arrival = entrance.arrive(socket);
    if (!arrival) return;
    const visit = arrive(socket, arrival.refused);
    arriving.set(visit.key, visit);
    ssh.injectSocket(socket);
  });

  /** A connection has arrived: its deadlines start, and its slot is freed when it closes. */
  function arrive(socket: Socket, refused: DoorLimit | undefined): Visit {
    const ended = refused ? undefined : sessionOpened(options, "ssh");
    let ending: SessionEnding | undefined;
    let closing = false;
    const handshake = setTimeout(() => visit.end("too_late"), config.handshakeSeconds * 1000);
    const longest = setTimeout(
      () => visit.end("time_up", LAST_WORDS.time_up()),
      config.sessionSeconds * 1000,
    );
    const timers = [handshake, longest];
    const visit: Visit = {
      socket,
      key: `${socket.remoteAddress}|${socket.remotePort}`,
      refused,
      shookHands: () => clearTimeout(handshake),
      answered: () => {
        ending ??= "answered";
      },
      end(why, lastWords) {
        if (closing) return;
        closing = true;
        ending ??= why;
        for (const timer of timers) clearTimeout(timer);
        const { connection, closeTerminal } = visit;
        try {
          // The session's channel closes before the connection does, or the client never
          // learns its exit status (OpenSSH then exits 255).
          if (connection && closeTerminal) closeTerminal(lastWords, () => connection.end());
          else if (connection) connection.end();
          else socket.destroy();
        } catch (error) {
          options.log.error("The SSH door failed to close a connection", error);
          socket.destroy();
        }
        setTimeout(() => socket.destroy(), GOODBYE_MS).unref?.();
      },
    };
    visits.add(visit);
    socket.once("close", () => {
      for (const timer of timers) clearTimeout(timer);
      arriving.delete(visit.key);
      visits.delete(visit);
      ended?.(ending ?? "left");
      if (visits.size === 0) for (const resolve of emptied.splice(0)) resolve();
    });
    return visit;
  }

  /** After the handshake: who gets in, and what each request gets. */
  function welcome(visit: Visit, connection: Connection) {
    let idle: ReturnType<typeof setTimeout> | undefined;
    const stillThere = () => {
      clearTimeout(idle);
      idle = setTimeout(() => visit.end("idle", LAST_WORDS.idle()), config.idleSeconds * 1000);
    };
    visit.socket.once("close", () => clearTimeout(idle));
    connection.on("authentication", (context) => context.accept());
    connection.on("ready", () => {
      visit.shookHands();
      stillThere();
    });
    // Forwarding either way, and Unix sockets: refused.
    connection.on("tcpip", (_accept, reject) => reject());
    connection.on("openssh.streamlocal", (_accept, reject) => reject());
    connection.on("request", (_accept, reject) => reject?.());
    let sessions = 0;
    connection.on("session", (accept, reject) =>
      handled(visit, () => {
        // One session a connection: the slots count connections.
        if (sessions++ > 0) {
          reject();
          return;
        }
        const session = accept();
        let pty: { columns: number; rows: number; term: string } | undefined;
        let colorterm: string | undefined;
        // One shell or command a session: ssh2 passes on a second, which gets no channel.
        let channelOpen = false;
        const channelOf = (acceptChannel: () => ServerChannel | undefined, rejectChannel?: () => void) => {
          if (channelOpen) {
            rejectChannel?.();
            return undefined;
          }
          channelOpen = true;
          return acceptChannel();
        };
        session.on("pty", (acceptPty, _reject, info) => {
          // A client with no terminal of its own (ssh -tt from a script) says 0 × 0.
          pty = { columns: info.cols || 80, rows: info.rows || 24, term: info.term };
          acceptPty?.();
        });
        session.on("env", (acceptEnv, _reject, info) => {
          if (info.key === "COLORTERM") colorterm = info.val;
          acceptEnv?.();
        });
        session.on("auth-agent", (_accept, rejectAgent) => rejectAgent?.());
        session.on("x11", (_accept, rejectX11) => rejectX11?.());
        session.on("subsystem", (_accept, rejectSubsystem) => rejectSubsystem?.());
        session.on("exec", (acceptExec, rejectExec, info) =>
          handled(visit, () => {
            const channel = channelOf(acceptExec, rejectExec);
            if (!channel) return;
            const asked = info.command.replace(/[^\x20-\x7e]/g, "?").slice(0, 40);
            refuse(
              visit,
              channel,
              visit.refused
                ? REFUSALS[visit.refused]
                : `This site runs no commands (asked: ${asked}). For the profile: ${command}\r\n`,
            );
          }),
        );
        session.on("shell", (acceptShell, rejectShell) =>
          handled(visit, () => {
            const channel = channelOf(acceptShell, rejectShell);
            if (!channel) return;
            if (visit.refused) refuse(visit, channel, REFUSALS[visit.refused]);
            else if (pty)
              terminal(visit, channel, pty, terminalStyle(pty.term, colorterm), stillThere, session);
            else {
              // The exit status goes before the end of the channel, or the client never sees it.
              channel.write(screens.plainProfile());
              answer(visit, channel, 0);
            }
          }),
        );
      }),
    );
  }

  /** Says why on stderr, exits 1, closes. */
  function refuse(visit: Visit, channel: ServerChannel, why: string) {
    channel.stderr.write(why);
    answer(visit, channel, 1);
  }

  /**
   * The exit status, then the channel's end; the visit ends once the channel has closed.
   * What the client may still send is read and dropped: the channel closes only once its
   * reading side has ended too.
   */
  function answer(visit: Visit, channel: ServerChannel, status: number) {
    channel.exit(status);
    channel.end();
    visit.answered();
    channel.on("close", () => visit.end("answered"));
    channel.resume();
  }

  /** The session with a terminal: the view, its keys, its redraws. */
  function terminal(
    visit: Visit,
    channel: ServerChannel,
    size: { columns: number; rows: number },
    style: Style,
    stillThere: () => void,
    session: Session,
  ) {
    const endsAt = performance.now() + config.sessionSeconds * 1000;
    const view = new TerminalView(screens, size, style, () => (endsAt - performance.now()) / 1000);
    let open = true;
    const write = (text: string) => {
      if (!open || text === "") return;
      channel.write(text);
      // ssh2 writes to the socket whatever the socket holds already, up to the window the
      // client gave, which may be gigabytes: the socket's queue counts too.
      if (channel.writableLength + visit.socket.writableLength > SSH_QUEUE_LIMIT_BYTES) visit.end("too_slow");
    };
    const ticking = setInterval(() => write(view.tick()), 1000);
    let afterClose = () => {};
    visit.closeTerminal = (lastWords, then) => {
      afterClose = then;
      if (!open) return then();
      write(`${view.close()}${lastWords ?? ""}`);
      open = false;
      channel.exit(0);
      channel.end();
    };
    channel.on("close", () => {
      clearInterval(ticking);
      open = false;
      visit.end("left");
      afterClose();
    });
    visit.socket.once("close", () => clearInterval(ticking));
    channel.on("data", (data: Buffer) =>
      handled(visit, () => {
        stillThere();
        const { output, quit } = view.input(data.toString("utf8"));
        if (quit) visit.end("left");
        else write(output);
      }),
    );
    // The newest size, drawn once a tenth of a second at most.
    let resized: { columns: number; rows: number } | undefined;
    session.on("window-change", (accept, _reject, info) => {
      accept?.();
      stillThere();
      const redrawLater = resized === undefined;
      resized = { columns: info.cols || 80, rows: info.rows || 24 };
      if (!redrawLater) return;
      setTimeout(
        () =>
          handled(visit, () => {
            const size = resized;
            resized = undefined;
            if (size && open) write(view.resize(size));
          }),
        RESIZE_REDRAW_MS,
      );
    });
    write(view.open());
  }

  const port = await listenOn(server, options.host, config.port, (error) =>
    options.log.error("The SSH door's listening socket failed", error),
  );
  command = options.command(port);
  return {
    port,
    drain() {
      entrance.drain();
      server.close();
      for (const visit of [...visits]) visit.end("shutdown", LAST_WORDS.shutdown());
    },
    closed() {
      if (visits.size === 0) return Promise.resolve();
      return new Promise((resolve) => emptied.push(resolve));
    },
  };
}
