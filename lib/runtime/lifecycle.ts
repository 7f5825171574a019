/**
 * @module The server's lifecycle, as the app's parts take part in it, in the order a
 * server goes through it: `open` (a part's own ports, just before the app listens),
 * `start` (background work, once every port listens), `drain` (SIGTERM: what holds a
 * connection open says its last line and ends) and `stop` (once the app has stopped
 * answering, in the reverse order of `open`). An app built without a running server (a
 * test's `app.handle`) has a lifecycle nobody opens or starts: nothing runs in the
 * background of a test unless the test says so.
 */

/** What a part of the app does at each moment of the lifecycle; each is optional. */
export interface LifecycleHooks {
  /**
   * Opens what it serves beside the app (a port of its own), before the app listens; says
   * what the start-up line should tell of it (`{ ssh: "port 2222" }`). Rejects with a
   * `ListenError` naming its variable when an address is refused.
   */
  open?(): Promise<Readonly<Record<string, string>>>;
  /** Every port listens: background work starts. */
  start?(): void;
  /** SIGTERM or SIGINT: what would keep the drain waiting ends now; nothing new opens. */
  drain?(): void;
  /** The app has stopped answering: its connections close and its work stops. */
  stop?(): Promise<void> | void;
}

export class Lifecycle {
  readonly #parts: LifecycleHooks[] = [];
  readonly #drain = new AbortController();

  /** Takes part in the lifecycle; added as the app is built, before `open`. */
  add(part: LifecycleHooks): void {
    this.#parts.push(part);
  }

  /**
   * Opens every part, in order, and gathers what each says for the start-up line. When one
   * is refused, those already open are stopped again before the refusal is thrown: half a
   * server is no server.
   */
  async open(): Promise<Readonly<Record<string, string>>> {
    const told: Record<string, string> = {};
    const opened: LifecycleHooks[] = [];
    for (const part of this.#parts) {
      try {
        Object.assign(told, await part.open?.());
        opened.push(part);
      } catch (error) {
        for (const other of opened.reverse()) other.drain?.();
        await Promise.all(opened.map((other) => other.stop?.()));
        throw error;
      }
    }
    return told;
  }

  /** Every port listens: every part starts. */
  start(): void {
    for (const part of this.#parts) part.start?.();
  }

  /** SIGTERM or SIGINT: the server answers what is in flight, then stops. */
  drain(): void {
    this.#drain.abort();
    for (const part of [...this.#parts].reverse()) part.drain?.();
  }

  /** The app has stopped answering: every part stops, the last opened first. */
  async stop(): Promise<void> {
    for (const part of [...this.#parts].reverse()) await part.stop?.();
  }

  get draining(): boolean {
    return this.#drain.signal.aborted;
  }

  /** Aborts when the server drains: what waits on a client (a body's read) stops waiting. */
  get drainSignal(): AbortSignal {
    return this.#drain.signal;
  }
}
