/**
 * @module The server's lifecycle, as the app sees it: the work that runs in the
 * background while the server listens (the live feed's reads, the open streams), started
 * once it listens, told when it drains after SIGTERM, and stopped when it stops. An app built
 * without a running server (a test's `app.handle`) gets one that is never started, so
 * nothing runs in the background of a test unless the test says so.
 */

/** Work that runs while the server listens. */
export interface BackgroundTask {
  start(): void;
  /** SIGTERM or SIGINT: what would keep the drain waiting ends now (the streams). */
  drain?(): void;
  stop(): void;
}

export class Lifecycle {
  readonly #tasks: BackgroundTask[] = [];
  readonly #drain = new AbortController();

  /** Runs `task` while the server listens; added as the app is built, before `start`. */
  add(task: BackgroundTask): void {
    this.#tasks.push(task);
  }

  /** The server listens: every task starts. */
  start(): void {
    for (const task of this.#tasks) task.start();
  }

  /** SIGTERM or SIGINT: the server answers what is in flight, then stops. */
  drain(): void {
    this.#drain.abort();
    for (const task of this.#tasks) task.drain?.();
  }

  /** The server has stopped: every task stops. */
  stop(): void {
    for (const task of this.#tasks) task.stop();
  }

  get draining(): boolean {
    return this.#drain.signal.aborted;
  }

  /** Aborts when the server drains: what waits on a client (a body's read) stops waiting. */
  get drainSignal(): AbortSignal {
    return this.#drain.signal;
  }
}
