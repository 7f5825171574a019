/**
 * @module One connection at a door, from its accept to its close: closed once, for the
 * first reason given, with what its door says last (`goodbye`); its deadlines cleared on
 * every way out; and, if the client has not closed it within a grace, hung up: ended,
 * then destroyed a grace later if the client is still there.
 */
import type { Socket } from "node:net";
import type { Log } from "../../runtime/log.ts";
import type { CloseReason } from "./reasons.ts";

export interface ConnectionOptions {
  /** How long a closing connection has to say goodbye before its socket is destroyed. */
  readonly graceMs: number;
  /** Where a failure of its goodbye is logged: the socket is destroyed instead. */
  readonly log: Pick<Log, "error">;
}

export abstract class DoorConnection {
  #reason: CloseReason | undefined;
  #closing = false;
  readonly #deadlines = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    readonly socket: Socket,
    protected readonly options: ConnectionOptions,
  ) {
    socket.once("close", () => this.#clearDeadlines());
  }

  /** Why it closed, or will: the first reason given; undefined if the client closed it first. */
  get reason(): CloseReason | undefined {
    return this.#reason;
  }

  /** Sets the reason its close is counted under, unless one is set already; closes nothing. */
  setReason(reason: CloseReason): void {
    this.#reason ??= reason;
  }

  /** Closes it for `reason`, once: its door's last words, then the socket. */
  close(reason: CloseReason): void {
    if (this.#closing) return;
    this.#closing = true;
    this.setReason(reason);
    this.#clearDeadlines();
    try {
      this.goodbye(this.#reason ?? reason);
    } catch (error) {
      this.options.log.error("A door failed to close a connection", error);
      this.socket.destroy();
    }
    setTimeout(() => this.#hangUp(), this.options.graceMs).unref?.();
  }

  /**
   * Ends the socket rather than destroying it: a socket closed with bytes unread (keys the
   * client pressed meanwhile) is reset, and a reset can overtake what was sent before it,
   * so an SSH client would exit 255 instead of with the status it was sent. What the
   * client still sends is read and dropped; a client that reads nothing, so never gets
   * the end, is destroyed a grace later.
   */
  #hangUp(): void {
    if (this.socket.destroyed) return;
    // Ended already (finger's answer): the client had its grace to read it and leave.
    if (this.socket.writableEnded) {
      this.socket.destroy();
      return;
    }
    this.socket.resume();
    this.socket.end();
    setTimeout(() => this.socket.destroy(), this.options.graceMs).unref?.();
  }

  /** What its door does to close it for `reason`: a last line, an exit status, the end of the socket. */
  protected abstract goodbye(reason: CloseReason): void;

  /** Closes it for `reason` in `seconds`; returns what stops that deadline. */
  protected deadline(seconds: number, reason: CloseReason): () => void {
    const timer = setTimeout(() => this.close(reason), seconds * 1000);
    this.#deadlines.add(timer);
    return () => {
      clearTimeout(timer);
      this.#deadlines.delete(timer);
    };
  }

  #clearDeadlines(): void {
    for (const timer of this.#deadlines) clearTimeout(timer);
    this.#deadlines.clear();
  }
}
