/**
 * @module How a door's server takes each connection, before the door sees it: where a
 * PROXY header is believed, it is read first, within the deadline (no more connections
 * wait for theirs than the door has slots), and its client address keys the slot (a
 * `LOCAL` one, the proxy's health check, closed quietly; a missing or malformed one
 * refused, logged); then a slot is taken (`lib/utils/slots.ts`, so many in
 * all and per client address), or a limit refuses the connection. Where no header is
 * believed, the slot is taken at once, before a byte is read, keyed on the peer (or on
 * nobody, behind a proxy whose header is not read).
 */
import type { Socket } from "node:net";
import { clientKey, type SlotLimit, Slots } from "../../utils/slots.ts";
import { type DoorReport, refusalReporter } from "./connection-log.ts";
import { readProxyHeader } from "./proxy-header.ts";

/** A connection taken: its socket, and the limit that refused it, if one did. */
export interface Accepted {
  readonly socket: Socket;
  readonly refused: SlotLimit | undefined;
  /**
   * For a refused one: whether it may be held a second to be told why. No more are held
   * at once than the door has slots; beyond that, it is told in a line written at once,
   * or closed.
   */
  readonly held: boolean;
}

export interface AcceptOptions {
  /** Connections at once, and per client address. */
  readonly limits: { readonly max: number; readonly perClient: number };
  readonly report: DoorReport;
  /** Whether each connection starts with a PROXY header whose client address is believed. */
  readonly proxyProtocol: boolean;
  /** Without a header: whether the peer's address is the visitor's (not behind a proxy). */
  readonly peerIsClient: boolean;
  /** How long a connection has to send its PROXY header. */
  readonly headerSeconds: number;
}

export class Acceptor {
  readonly #slots: Slots;
  readonly #refused: ReturnType<typeof refusalReporter>;
  /** Connections whose PROXY header has not come yet: no more than the door's total. */
  #awaitingHeader = 0;
  /** Refused connections held to be told why. */
  #beingRefused = 0;
  #draining = false;

  constructor(private readonly options: AcceptOptions) {
    this.#slots = new Slots(options.limits.max, options.limits.perClient);
    this.#refused = refusalReporter(options.report);
  }

  /**
   * Takes `socket`: resolves with it and its slot (freed when it closes), or the limit that
   * refused it (counted); or undefined once it is closed (draining, or its PROXY header
   * refused or a health check).
   */
  async accept(socket: Socket): Promise<Accepted | undefined> {
    socket.on("error", () => {});
    if (this.#draining) return this.#closed(socket);
    if (!this.options.proxyProtocol) {
      return this.#take(
        socket,
        this.options.peerIsClient ? clientKey(socket.remoteAddress ?? "") : undefined,
      );
    }
    if (this.#awaitingHeader >= this.#slots.max) return this.#closed(socket);
    this.#awaitingHeader += 1;
    const read = await readProxyHeader(socket, this.options.headerSeconds);
    this.#awaitingHeader -= 1;
    if ("refused" in read) {
      this.#refused("proxy_header", read.refused);
      return this.#closed(socket);
    }
    if (read.header.command === "local") {
      this.options.report.metrics.healthChecked();
      return this.#closed(socket);
    }
    if (this.#draining || socket.destroyed) return this.#closed(socket);
    const { client } = read.header;
    return this.#take(socket, client === undefined ? undefined : clientKey(client));
  }

  /** SIGTERM: every connection from now on is closed at once. */
  drain(): void {
    this.#draining = true;
  }

  #take(socket: Socket, client: string | undefined): Accepted {
    const refused = this.#slots.take(client);
    if (!refused) {
      socket.once("close", () => this.#slots.free(client));
      return { socket, refused, held: false };
    }
    this.#refused(refused);
    const held = this.#beingRefused < this.#slots.max;
    if (held) {
      this.#beingRefused += 1;
      socket.once("close", () => {
        this.#beingRefused -= 1;
      });
    }
    return { socket, refused, held };
  }

  #closed(socket: Socket): undefined {
    socket.destroy();
    return undefined;
  }
}
