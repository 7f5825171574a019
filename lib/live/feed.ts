/**
 * @module The live feed: every source read in the background, one read at a time each,
 * at most once per `LIVE_REFRESH_SECONDS` (or later, when a source asks), and what the
 * answers show of them. No answer ever waits for a read: answers take what was last read,
 * with when it was read. Reads run only while the server runs (`start`), and only while
 * the machine is awake: a suspended machine's timers stop, so an answer that finds a read
 * overdue (the first after a resume) starts one in the background, and shows meanwhile
 * what it has, with its age.
 */
import type { Log } from "../runtime/log.ts";
import type { LiveMetrics } from "./metrics.ts";
import { READ_OUTCOMES, type ReadOutcome, type ReadResult, readSource } from "./read.ts";
import type { Activity, LiveSource, SourceKind } from "./source.ts";

/** A source's latest activity, as the answers show it. */
export interface KnownActivity extends Activity {
  /** The source's id: `github`. */
  readonly source: string;
  /** The source's name: `GitHub`. */
  readonly sourceName: string;
  /** What the source tells: `activity` or `listening`, where answers show it. */
  readonly kind: SourceKind;
  /** When a read last confirmed it: the 200 that brought it, or a 304 since. */
  readonly readAt: Date;
  /** Past this, no read has confirmed it for two refresh intervals: answers say when it was read. */
  readonly freshUntil: Date;
}

/** How a source is doing, for the health check. */
export interface SourceHealth {
  readonly source: string;
  readonly sourceName: string;
  /** `pass` when the latest read confirmed what is shown, recently enough; `warn` otherwise. */
  readonly status: "pass" | "warn";
  /** When a read last confirmed what is shown; undefined before the first that did. */
  readonly readAt: Date | undefined;
  readonly lastRead: { readonly at: Date; readonly outcome: ReadOutcome } | undefined;
  /** What is wrong, for `warn`. */
  readonly output: string | undefined;
}

export interface LiveFeed {
  /**
   * Each source's latest activity, the newest first; starts a read in the background for
   * any overdue. The same array until a read changes what is shown: an answer drawn from
   * it stays right while `latest()` returns the same array (`routes/api/now.ts`).
   */
  latest(): readonly KnownActivity[];
  /** How each source is doing; starts a read in the background for any overdue, as `latest` does. */
  health(): readonly SourceHealth[];
  /** Reads every source now, and resolves when all are read. */
  refresh(): Promise<void>;
  /** Reads now, then keeps reading in the background, until `stop`. */
  start(): void;
  stop(): void;
}

export interface FeedOptions {
  readonly refreshMs: number;
  readonly timeoutMs: number;
  /** Epoch milliseconds, as `Date.now`. */
  readonly clock: () => number;
  readonly log: Pick<Log, "event">;
  readonly metrics: LiveMetrics;
}

/** One source's reads: what is known, and when to read next. */
class SourceReader {
  etag: string | undefined;
  known: { readonly activity: Activity | null; readonly readAt: number } | undefined;
  lastRead: { readonly at: number; readonly result: ReadResult } | undefined;
  /** Epoch milliseconds; 0 reads at once. */
  nextReadAt = 0;
  private running = false;
  private inFlight: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly source: LiveSource,
    private readonly options: FeedOptions,
    private readonly changed: () => void,
  ) {}

  read(): Promise<void> {
    this.inFlight ??= readSource(this.source, this.etag, this.options)
      .then((result) => this.apply(result))
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

  private apply(result: ReadResult): void {
    const { clock, refreshMs, metrics, log } = this.options;
    const now = clock();
    const { outcome } = result;
    if (outcome === "updated") {
      this.known = { activity: result.activity ?? null, readAt: now };
      this.etag = result.etag;
      this.changed();
    } else if (outcome === "not_modified" && this.known) {
      this.known = { ...this.known, readAt: now };
      this.changed();
    }
    this.nextReadAt = Math.max(now + refreshMs, result.notBefore ?? 0);
    metrics.read(this.source.id, outcome, now);
    // One line when a source's outcome changes, not one per read.
    if (this.lastRead?.result.outcome !== outcome) {
      log.event(
        "live.read",
        {
          source: this.source.id,
          outcome,
          ...(result.status !== undefined && { status: result.status }),
          ...(result.error && { error: result.error }),
          nextReadAt: new Date(this.nextReadAt).toISOString(),
        },
        `${this.source.name}: ${outcome}${result.error ? ` (${result.error})` : ""}`,
      );
    }
    this.lastRead = { at: now, result };
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.running) return;
    const delay = Math.max(0, this.nextReadAt - this.options.clock());
    this.timer = setTimeout(() => void this.read(), delay);
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }
}

/** The feed over `sources`; it reads nothing until `start` (or `refresh`). */
export function liveFeed(sources: readonly LiveSource[], options: FeedOptions): LiveFeed {
  let shown: readonly KnownActivity[] | undefined;
  for (const source of sources) options.metrics.source(source.id);
  const readers = sources.map((source) => new SourceReader(source, options, () => (shown = undefined)));
  const freshForMs = 2 * options.refreshMs;

  function shownActivities(): readonly KnownActivity[] {
    return readers
      .flatMap(({ source, known }) =>
        known?.activity
          ? [
              {
                ...known.activity,
                source: source.id,
                sourceName: source.name,
                kind: source.kind,
                readAt: new Date(known.readAt),
                freshUntil: new Date(known.readAt + freshForMs),
              },
            ]
          : [],
      )
      .sort((a, b) => b.happenedAt.getTime() - a.happenedAt.getTime());
  }

  function sourceHealth(reader: SourceReader): SourceHealth {
    const { source, known, lastRead } = reader;
    const now = options.clock();
    const confirmed = lastRead !== undefined && READ_OUTCOMES[lastRead.result.outcome].confirmed;
    const fresh = known !== undefined && now - known.readAt <= freshForMs;
    const output = !lastRead
      ? "not read yet"
      : !confirmed
        ? `the latest read, ${new Date(lastRead.at).toISOString()}: ${lastRead.result.error ?? lastRead.result.outcome}`
        : !fresh
          ? `no read since ${new Date(known?.readAt ?? 0).toISOString()}`
          : undefined;
    return {
      source: source.id,
      sourceName: source.name,
      status: output === undefined ? "pass" : "warn",
      readAt: known ? new Date(known.readAt) : undefined,
      lastRead: lastRead && { at: new Date(lastRead.at), outcome: lastRead.result.outcome },
      output,
    };
  }

  return {
    latest() {
      for (const reader of readers) reader.readIfDue();
      shown ??= shownActivities();
      return shown;
    },
    health() {
      for (const reader of readers) reader.readIfDue();
      return readers.map(sourceHealth);
    },
    async refresh() {
      await Promise.all(readers.map((reader) => reader.read()));
    },
    start() {
      for (const reader of readers) reader.start();
    },
    stop() {
      for (const reader of readers) reader.stop();
    },
  };
}
