/**
 * @module The replies to the owner's posts, read in the background as the live feed reads
 * its sources (`lib/live/feed.ts`): for the newest updates of /now posted elsewhere
 * (`UPDATES_READ`), each post's thread, one read at a time, at most once per
 * `REPLIES_REFRESH_SECONDS` (or later, when the service asks). No answer waits for a read:
 * answers take what was last read. A read that fails keeps the replies the last good one
 * brought; one that succeeds replaces them, so a reply deleted upstream is gone after it.
 * What answers show is bounded: `REPLIES_KEPT` a thread, `REPLIES_SHOWN` in all.
 */
import type { NowHistory, Posted } from "../content/schemas.ts";
import type { Log } from "../runtime/log.ts";
import { blueskyThread } from "./bluesky.ts";
import { mastodonThread } from "./mastodon.ts";
import type { RepliesMetrics } from "./metrics.ts";
import { READ_OUTCOMES, readThread, type ThreadRead } from "./read.ts";
import type { Reply, ReplyService } from "./reply.ts";
import type { Thread } from "./thread.ts";

/** How many of the newest posted updates have their replies read. */
export const UPDATES_READ = 3;
/** How many replies answers show, the newest. */
export const REPLIES_SHOWN = 10;
/** How many replies are kept of one thread, the newest. */
export const REPLIES_KEPT = 50;

/** An update of /now and where it was posted. */
export interface PostedUpdate {
  readonly id: string;
  readonly at: string;
  readonly text: string;
  readonly posts: readonly Posted[];
}

/** What answers show: the newest update posted elsewhere, and the replies to the latest. */
export interface Conversation {
  /** Undefined while no update has been posted. */
  readonly update: PostedUpdate | undefined;
  /** Newest first, at most `REPLIES_SHOWN`; none until a read brings some. */
  readonly replies: readonly Reply[];
}

/** How a service's threads are doing, for the health check. */
export interface ServiceHealth {
  readonly service: ReplyService;
  /** `pass` when the latest read of each thread confirmed what is shown, recently enough. */
  readonly status: "pass" | "warn";
  /** When the least recently confirmed thread was confirmed; undefined before each was. */
  readonly readAt: Date | undefined;
  readonly output: string | undefined;
}

export interface RepliesReader {
  /** The same object until a read changes what is shown; starts a read in the background for any overdue. */
  conversation(): Conversation;
  health(): readonly ServiceHealth[];
  /** Reads every thread now, and resolves when all are read. */
  refresh(): Promise<void>;
  start(): void;
  stop(): void;
}

export interface ReaderOptions {
  readonly appView: string;
  readonly refreshMs: number;
  readonly timeoutMs: number;
  readonly userAgent: string;
  /** Epoch milliseconds, as `Date.now`. */
  readonly clock: () => number;
  readonly log: Pick<Log, "event">;
  readonly metrics: RepliesMetrics;
}

/** The newest updates posted elsewhere, newest first, at most `UPDATES_READ`. */
export function postedUpdates(history: NowHistory): PostedUpdate[] {
  return history
    .filter(({ posts }) => posts !== undefined && posts.length > 0)
    .slice(0, UPDATES_READ)
    .map(({ id, at, text, posts = [] }) => ({ id, at, text, posts }));
}

/** The thread of one post. */
function threadOf(post: Posted, update: string, options: ReaderOptions): Thread {
  return post.service === "bluesky"
    ? blueskyThread(post.id, update, options.appView, options.userAgent)
    : mastodonThread(post.url, post.id, update, options.userAgent);
}

const newestFirst = (a: Reply, b: Reply) => b.at.getTime() - a.at.getTime();

/** One thread's reads: what is known, and when to read next. */
class ThreadReader {
  known: { readonly replies: readonly Reply[]; readonly readAt: number } | undefined;
  lastRead: { readonly at: number; readonly result: ThreadRead } | undefined;
  /** Epoch milliseconds; 0 reads at once. */
  private nextReadAt = 0;
  private running = false;
  private inFlight: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly thread: Thread,
    private readonly options: ReaderOptions,
    private readonly changed: () => void,
  ) {}

  read(): Promise<void> {
    this.inFlight ??= readThread(this.thread, this.options)
      .then((result) => this.apply(result))
      .finally(() => {
        this.inFlight = undefined;
        this.schedule();
      });
    return this.inFlight;
  }

  start(): void {
    this.running = true;
    if (this.inFlight) return;
    if (this.options.clock() < this.nextReadAt) this.schedule();
    else void this.read();
  }

  /** A read in the background when one is due and none runs: a machine that slept has no timers. */
  readIfDue(): void {
    if (this.running && !this.inFlight && this.options.clock() >= this.nextReadAt) void this.read();
  }

  private apply(result: ThreadRead): void {
    const { clock, refreshMs, metrics, log } = this.options;
    const now = clock();
    if (result.replies) {
      this.known = { replies: [...result.replies].sort(newestFirst).slice(0, REPLIES_KEPT), readAt: now };
      this.changed();
    }
    this.nextReadAt = Math.max(now + refreshMs, result.notBefore ?? 0);
    metrics.read(this.thread.service, result.outcome);
    if (this.lastRead?.result.outcome !== result.outcome) {
      log.event(
        "replies.read",
        {
          service: this.thread.service,
          update: this.thread.update,
          outcome: result.outcome,
          ...(result.status !== undefined && { status: result.status }),
          ...(result.error && { error: result.error }),
          nextReadAt: new Date(this.nextReadAt).toISOString(),
        },
        `replies on ${this.thread.service}: ${result.outcome}${result.error ? ` (${result.error})` : ""}`,
      );
    }
    this.lastRead = { at: now, result };
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.running) return;
    this.timer = setTimeout(() => void this.read(), Math.max(0, this.nextReadAt - this.options.clock()));
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }
}

/** The reader of the replies to the posts `history` records; it reads nothing until `start` (or `refresh`). */
export function repliesReader(history: NowHistory, options: ReaderOptions): RepliesReader {
  const updates = postedUpdates(history);
  let shown: Conversation | undefined;
  const readers = updates.flatMap(({ id, posts }) =>
    posts.map((post) => new ThreadReader(threadOf(post, id, options), options, () => (shown = undefined))),
  );
  const services = [...new Set(readers.map(({ thread }) => thread.service))];
  for (const service of services) options.metrics.service(service);
  const freshForMs = 2 * options.refreshMs;

  function serviceHealth(service: ReplyService): ServiceHealth {
    const mine = readers.filter(({ thread }) => thread.service === service);
    const now = options.clock();
    const problems = mine.flatMap(({ known, lastRead }) => {
      if (!lastRead) return ["not read yet"];
      if (!READ_OUTCOMES[lastRead.result.outcome].confirmed) {
        return [
          `the latest read, ${new Date(lastRead.at).toISOString()}: ${lastRead.result.error ?? lastRead.result.outcome}`,
        ];
      }
      return known && now - known.readAt > freshForMs
        ? [`no read since ${new Date(known.readAt).toISOString()}`]
        : [];
    });
    const confirmed = mine.map(({ known }) => known?.readAt);
    const oldest = confirmed.every((at) => at !== undefined)
      ? Math.min(...(confirmed as number[]))
      : undefined;
    return {
      service,
      status: problems.length === 0 ? "pass" : "warn",
      readAt: oldest === undefined ? undefined : new Date(oldest),
      output: problems[0],
    };
  }

  const readIfDue = () => {
    for (const reader of readers) reader.readIfDue();
  };

  return {
    conversation() {
      readIfDue();
      shown ??= {
        update: updates[0],
        replies: readers
          .flatMap(({ known }) => known?.replies ?? [])
          .sort(newestFirst)
          .slice(0, REPLIES_SHOWN),
      };
      return shown;
    },
    health() {
      readIfDue();
      return services.map(serviceHealth);
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
