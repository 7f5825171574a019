/**
 * @module The live feed: every source read in the background, one read at a time each,
 * at most once per `LIVE_REFRESH_SECONDS` (or later, when a source asks), and what the
 * answers show of them. No answer ever waits for a read: answers take what was last read,
 * with when it was read. Reads run only while the server runs (`start`), and only while
 * the machine is awake: a suspended machine's timers stop, so an answer that finds a read
 * overdue (the first after a resume) starts one in the background, and shows meanwhile
 * what it has, with its age.
 */
import { Poller } from "../outbound/poller.ts";
import type { ReadHealth } from "../outbound/read-check.ts";
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
export interface SourceHealth extends ReadHealth {
  readonly source: string;
  readonly sourceName: string;
  readonly lastRead: { readonly at: Date; readonly outcome: ReadOutcome } | undefined;
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

/** One source read in the background, and the latest activity a read brought. */
class SourceReader {
  /** The latest activity the last `updated` read brought (null for none); undefined before one. */
  activity: Activity | null | undefined;
  private etag: string | undefined;
  readonly poller: Poller<ReadOutcome, ReadResult>;

  constructor(
    readonly source: LiveSource,
    options: FeedOptions,
    changed: () => void,
  ) {
    const { refreshMs, clock, metrics, log } = options;
    this.poller = new Poller({
      refreshMs,
      clock,
      outcomes: READ_OUTCOMES,
      read: () => readSource(source, this.etag, options),
      apply: (result, { at, nextReadAt, previous }) => {
        const { outcome } = result;
        if (result.outcome === "updated") {
          this.activity = result.activity ?? null;
          this.etag = result.etag;
        }
        if (READ_OUTCOMES[outcome].confirmed) changed();
        metrics.read(source.id, outcome, at);
        // One line when a source's outcome changes, not one per read.
        if (previous?.result.outcome !== outcome) {
          log.event(
            "live.read",
            {
              source: source.id,
              outcome,
              ...(result.status !== undefined && { status: result.status }),
              ...(result.error && { error: result.error }),
              nextReadAt: new Date(nextReadAt).toISOString(),
            },
            `${source.name}: ${outcome}${result.error ? ` (${result.error})` : ""}`,
          );
        }
      },
    });
  }
}

/** The feed over `sources`; it reads nothing until `start` (or `refresh`). */
export function liveFeed(sources: readonly LiveSource[], options: FeedOptions): LiveFeed {
  let shown: readonly KnownActivity[] | undefined;
  for (const source of sources) options.metrics.source(source.id);
  const readers = sources.map((source) => new SourceReader(source, options, () => (shown = undefined)));

  function shownActivities(): readonly KnownActivity[] {
    return readers
      .flatMap(({ source, activity, poller }) =>
        activity && poller.confirmedAt !== undefined
          ? [
              {
                ...activity,
                source: source.id,
                sourceName: source.name,
                kind: source.kind,
                readAt: new Date(poller.confirmedAt),
                freshUntil: new Date(poller.freshUntil() ?? poller.confirmedAt),
              },
            ]
          : [],
      )
      .sort((a, b) => b.happenedAt.getTime() - a.happenedAt.getTime());
  }

  function sourceHealth({ source, poller }: SourceReader): SourceHealth {
    const { confirmedAt, lastRead } = poller;
    const output = poller.problem();
    return {
      source: source.id,
      sourceName: source.name,
      status: output === undefined ? "pass" : "warn",
      readAt: confirmedAt === undefined ? undefined : new Date(confirmedAt),
      lastRead: lastRead && { at: new Date(lastRead.at), outcome: lastRead.result.outcome },
      output,
    };
  }

  return {
    latest() {
      for (const { poller } of readers) poller.readIfDue();
      shown ??= shownActivities();
      return shown;
    },
    health() {
      for (const { poller } of readers) poller.readIfDue();
      return readers.map(sourceHealth);
    },
    async refresh() {
      await Promise.all(readers.map(({ poller }) => poller.read()));
    },
    start() {
      for (const { poller } of readers) poller.start();
    },
    stop() {
      for (const { poller } of readers) poller.stop();
    },
  };
}
