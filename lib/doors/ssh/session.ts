/**
 * @module An SSH session as the door's handlers see it, in OpenSSH's words: the pty the
 * client asked for (its `TERM` and size), the environment it sent, the command (none for
 * a shell), what it types and its window changes; written to on stdout and stderr, and
 * ended with an exit status. A handler takes a session; a middleware takes the next
 * handler and returns one, as Charm's wish composes them (`compose`), so that each limit,
 * check and screen is a short function that answers the session or passes it on.
 */
import type * as ssh2 from "ssh2";
import type { SlotLimit } from "../../utils/slots.ts";
import type { CloseReason } from "../door/reasons.ts";
import type { SshConnection } from "./connection.ts";

export interface WindowSize {
  readonly columns: number;
  readonly rows: number;
}

/** The terminal the client asked for: its `TERM`, and its size. */
export interface Pty extends WindowSize {
  readonly term: string;
}

/** What the client asked for before its shell or command. */
export interface SessionRequest {
  readonly pty: Pty | undefined;
  /** The variables the client sent (OpenSSH's `SendEnv`) that the door reads. */
  readonly env: Readonly<Record<string, string>>;
  /** The command (`ssh site ls`); undefined for a shell. */
  readonly command: string | undefined;
}

export type Handler = (session: Session) => void;
export type Middleware = (next: Handler) => Handler;

/** `middleware` around `handler`: the first listed meets a session first. */
export function compose(middleware: readonly Middleware[], handler: Handler): Handler {
  return middleware.reduceRight((next, wrap) => wrap(next), handler);
}

/**
 * The exit status of a session the connection closed: 0 where it ended as sessions end
 * (the visitor left, idle, its time up, the server restarting), 1 where the visitor was
 * dropped for not reading, or our handling of it failed.
 */
const EXIT_STATUS: Partial<Record<CloseReason, number>> = { too_slow: 1, failed: 1 };

export class Session implements SessionRequest {
  readonly pty: Pty | undefined;
  readonly env: Readonly<Record<string, string>>;
  readonly command: string | undefined;
  /** The limit that refused the connection, if one did: the session is told why. */
  readonly refused: SlotLimit | undefined;
  /** Its exit status is sent: nothing more is written. */
  #exited = false;
  #channelClosed = false;
  #closing: ((reason: CloseReason) => void)[] = [];
  #then: (() => void) | undefined;

  constructor(
    private readonly channel: ssh2.ServerChannel,
    private readonly session: ssh2.Session,
    private readonly connection: SshConnection,
    request: SessionRequest,
  ) {
    ({ pty: this.pty, env: this.env, command: this.command } = request);
    this.refused = connection.refused;
    connection.sessionOpened((reason, then) => this.#close(reason, then));
    channel.on("close", () => this.#channelClose());
    connection.socket.once("close", () => this.#channelClose());
    session.on("window-change", (accept) => {
      accept?.();
      connection.active();
    });
  }

  /** Written and not yet read by the client: in the channel and the socket together. */
  get unread(): number {
    return this.channel.writableLength + this.connection.socket.writableLength;
  }

  write(text: string): void {
    if (!this.#exited && text !== "") this.channel.write(text);
  }

  stderr(text: string): void {
    if (!this.#exited) this.channel.stderr.write(text);
  }

  /** The handler is done: the exit status, then the end of the channel; the connection closes once it has closed. */
  exit(status: number): void {
    this.connection.setReason("answered");
    this.#exit(status);
  }

  /** Closes the connection, and this session with it, for `reason`. */
  close(reason: CloseReason): void {
    this.connection.close(reason);
  }

  /** Runs `handler` as the session's handlers run: a throw closes the connection as `failed`, logged. */
  guard(handler: () => void): void {
    this.connection.guard(handler);
  }

  /** What the client types, as text. */
  onData(listener: (text: string) => void): void {
    this.channel.on("data", (data: Buffer) =>
      this.guard(() => {
        this.connection.active();
        listener(data.toString("utf8"));
      }),
    );
  }

  /** Each window change, with the new size (a client with no terminal of its own says 0 × 0: 80 × 24). */
  onWindowChange(listener: (size: WindowSize) => void): void {
    this.session.on("window-change", (_accept, _reject, info) =>
      this.guard(() => listener({ columns: info.cols || 80, rows: info.rows || 24 })),
    );
  }

  /** What to do when the session closes, for whatever reason: the last words are written before its exit status. */
  onClose(listener: (reason: CloseReason) => void): void {
    this.#closing.push(listener);
  }

  #runClosing(reason: CloseReason): void {
    for (const listener of this.#closing.splice(0)) listener(reason);
  }

  #exit(status: number): void {
    if (this.#exited) return;
    // The exit status goes before the end of the channel, or the client never sees it.
    this.channel.exit(status);
    this.#exited = true;
    this.channel.end();
    // What the client may still send is read and dropped: the channel closes only once its
    // reading side has ended too.
    this.channel.resume();
  }

  /** The channel has closed (or the socket under it): nothing more is written, and the connection closes. */
  #channelClose(): void {
    if (this.#channelClosed) return;
    this.#channelClosed = true;
    this.#exited = true;
    this.#runClosing("left");
    this.#then?.();
    this.connection.close("left");
  }

  #close(reason: CloseReason, then: () => void): void {
    if (this.#channelClosed) {
      then();
      return;
    }
    this.#then = then;
    this.#runClosing(reason);
    this.#exit(EXIT_STATUS[reason] ?? 0);
  }
}
