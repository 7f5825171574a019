/**
 * @module One SSH connection, from the accept to the close, and its deadlines: the
 * handshake (authentication included) within `SSH_HANDSHAKE_SECONDS`, a key or a window
 * change at least every `SSH_IDLE_SECONDS` once it is done, and `SSH_SESSION_SECONDS` in
 * all. Its session, if one is open, closes first: the client learns its exit status only
 * from a channel that closes before the connection does (OpenSSH exits 255 otherwise).
 */
import type * as ssh2 from "ssh2";
import type { Log } from "../../runtime/log.ts";
import type { SlotLimit } from "../../utils/slots.ts";
import { DoorConnection } from "../door/connection.ts";
import type { CloseReason } from "../door/reasons.ts";
import type { Accepted } from "../door/serve.ts";
import type { SshSettings } from "./config.ts";

/** How long a closing connection has to say goodbye before its socket is destroyed. */
const GOODBYE_MS = 1000;

/** What the open session does when its connection closes for `reason`: its last words and exit status; then `then`, once its channel has closed. */
export type SessionClose = (reason: CloseReason, then: () => void) => void;

export class SshConnection extends DoorConnection {
  /** The limit that refused it, if one did: its session is told why. */
  readonly refused: SlotLimit | undefined;
  #client: ssh2.Connection | undefined;
  #sessionClose: SessionClose | undefined;
  readonly #handshakeDone: () => void;
  #idleReset: (() => void) | undefined;

  constructor(
    accepted: Accepted,
    private readonly settings: SshSettings,
    log: Pick<Log, "error">,
  ) {
    super(accepted.socket, { graceMs: GOODBYE_MS, log });
    this.refused = accepted.refused;
    this.#handshakeDone = this.deadline(settings.handshakeSeconds, "too_late");
    this.deadline(settings.sessionSeconds, "time_up");
  }

  /** ssh2 has read the client's identification line: it speaks for the connection from now on. */
  handshakeStarted(client: ssh2.Connection): void {
    this.#client = client;
  }

  /** The client is authenticated: the handshake's deadline no longer holds; the idle one starts. */
  ready(): void {
    this.#handshakeDone();
    this.active();
  }

  /** A key pressed or a window changed: the idle deadline starts again. */
  active(): void {
    this.#idleReset?.();
    this.#idleReset = this.deadline(this.settings.idleSeconds, "idle");
  }

  /** A session is open on it: it closes first when the connection does. */
  sessionOpened(close: SessionClose): void {
    this.#sessionClose = close;
  }

  /**
   * Runs one of our handlers: a throw (a bug of ours, or a request ssh2 answers in a way we
   * did not foresee) closes this connection as `failed`, logged, and never reaches ssh2,
   * which would end the socket and leave our state behind.
   */
  guard(handler: () => void): void {
    try {
      handler();
    } catch (error) {
      this.options.log.error("The SSH door failed to handle a connection", error);
      this.close("failed");
    }
  }

  protected goodbye(reason: CloseReason): void {
    const client = this.#client;
    if (client && this.#sessionClose) this.#sessionClose(reason, () => client.end());
    else if (client) client.end();
    else this.socket.destroy();
  }
}
