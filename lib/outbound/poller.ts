/**
 * @module Another service read in the background, by the rules every such read keeps: one
 * read at a time; the next at most once per refresh interval, or later when the service
 * asks (never more than an hour later); only while the server runs (`start` to `stop`),
 * and, since a suspended machine's timers stop, a read started by whatever finds one
 * overdue (`readIfDue`, which answers call: the first after a resume). No answer waits
 * for a read. What a read brings is the feature's (`apply`); the poller keeps when it
 * read, how that ended and when a read last confirmed what is shown, and says what is
 * wrong, for the health check.
 */
import type { OutcomeMeaning } from "./read-outcomes.ts";

/** What every read says of itself. */
export interface Read<Outcome extends string> {
  readonly outcome: Outcome;
  readonly status?: number;
  /** Epoch milliseconds before which the service asks not to be read again. */
  readonly notBefore?: number;
  readonly error?: string;
}

/** When a read ended, and how. */
export interface LastRead<R> {
  /** Epoch milliseconds. */
  readonly at: number;
  readonly result: R;
}

export interface PollerOptions<Outcome extends string, R extends Read<Outcome>> {
  /** The least time between two reads. */
  readonly refreshMs: number;
  /** Epoch milliseconds, as `Date.now`. */
  readonly clock: () => number;
  /** Every outcome, and whether it confirms what is shown. */
  readonly outcomes: Readonly<Record<Outcome, OutcomeMeaning>>;
  /** One read; it never throws. */
  read(): Promise<R>;
  /**
   * What the feature makes of a read that ended at `at`, once the next is set for
   * `nextReadAt`; `previous` is the read before it, to say something once per change.
   */
  apply(
    result: R,
    read: { readonly at: number; readonly nextReadAt: number; readonly previous?: LastRead<R> },
  ): void;
}

/** However far off a service says its limit ends, the next read is tried no later than this. */
export const LONGEST_WAIT_MS = 3600_000;

export class Poller<Outcome extends string, R extends Read<Outcome>> {
  lastRead: LastRead<R> | undefined;
  /** When a read last confirmed what is shown, in epoch milliseconds; undefined before one did. */
  confirmedAt: number | undefined;
  /** Epoch milliseconds; 0 reads at once. */
  private nextReadAt = 0;
  private running = false;
  private inFlight: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: PollerOptions<Outcome, R>) {}

  /** Reads now, unless a read is under way: then resolves when it ends. */
  read(): Promise<void> {
    this.inFlight ??= this.options
      .read()
      .then((result) => this.ended(result))
      .finally(() => {
        this.inFlight = undefined;
        this.schedule();
      });
    return this.inFlight;
  }

  /** Reads now if a read is due, and keeps reading in the background until `stop`. */
  start(): void {
    this.running = true;
    // A read under way schedules the next when it ends.
    if (this.inFlight) return;
    if (this.options.clock() < this.nextReadAt) this.schedule();
    else void this.read();
  }

  /** A read in the background when one is due and none runs: what an answer calls. */
  readIfDue(): void {
    if (this.running && !this.inFlight && this.options.clock() >= this.nextReadAt) void this.read();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /** Past this, no read has confirmed what is shown for two refresh intervals; undefined before one did. */
  freshUntil(): number | undefined {
    return this.confirmedAt === undefined ? undefined : this.confirmedAt + 2 * this.options.refreshMs;
  }

  /** What is wrong with what is shown, in a line for the health check; undefined when nothing is. */
  problem(): string | undefined {
    const { lastRead } = this;
    if (!lastRead) return "not read yet";
    if (!this.options.outcomes[lastRead.result.outcome].confirmed) {
      return `the latest read, ${new Date(lastRead.at).toISOString()}: ${lastRead.result.error ?? lastRead.result.outcome}`;
    }
    const freshUntil = this.freshUntil();
    return freshUntil !== undefined && this.options.clock() > freshUntil
      ? `no read since ${new Date(this.confirmedAt ?? 0).toISOString()}`
      : undefined;
  }

  private ended(result: R): void {
    const { clock, refreshMs, outcomes } = this.options;
    const at = clock();
    const asked = Math.min(result.notBefore ?? 0, at + LONGEST_WAIT_MS);
    this.nextReadAt = Math.max(at + refreshMs, asked);
    if (outcomes[result.outcome].confirmed) this.confirmedAt = at;
    const previous = this.lastRead;
    this.lastRead = { at, result };
    this.options.apply(result, { at, nextReadAt: this.nextReadAt, ...(previous && { previous }) });
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.running) return;
    this.timer = setTimeout(() => void this.read(), Math.max(0, this.nextReadAt - this.options.clock()));
  }
}
