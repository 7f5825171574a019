/**
 * @module The replies to the owner's posts, read in the background by the rules every such
 * read keeps (`lib/outbound/poller.ts`): for the newest updates of /now posted elsewhere
 * (`UPDATES_READ`), each post's thread, one read at a time, at most once per
 * `REPLIES_REFRESH_SECONDS` (or later, when the service asks). No answer waits for a read:
 * answers take what was last read. A read that fails keeps the replies the last good one
 * brought; one that succeeds replaces them, so a reply deleted upstream is gone after it.
 * What answers show is bounded: `REPLIES_KEPT` a thread, `REPLIES_SHOWN` in all.
 */
import type { NowHistory, Posted } from "../content/schemas.ts";
import { Poller } from "../outbound/poller.ts";
import type { ReadHealth } from "../outbound/read-check.ts";
import type { Log } from "../runtime/log.ts";
import { blueskyThread } from "./bluesky.ts";
import { mastodonThread } from "./mastodon.ts";
import type { RepliesMetrics } from "./metrics.ts";
import { READ_OUTCOMES, type ReadOutcome, readThread, type ThreadRead } from "./read.ts";
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

/** How a service's threads are doing, for the health check; `readAt` is the least recently confirmed one's. */
export interface ServiceHealth extends ReadHealth {
  readonly service: ReplyService;
}

/** The replies to the owner's posts, read in the background: what answers show of them is `conversation()`. */
export interface Replies {
  /** The same object until a read changes what is shown; starts a read in the background for any overdue. */
  conversation(): Conversation;
  health(): readonly ServiceHealth[];
  /** Reads every thread now, and resolves when all are read. */
  refresh(): Promise<void>;
  start(): void;
  stop(): void;
}

export interface RepliesOptions {
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
function threadOf(post: Posted, update: string, options: RepliesOptions): Thread {
  return post.service === "bluesky"
    ? blueskyThread(post.id, update, options.appView, options.userAgent)
    : mastodonThread(post.url, post.id, update, options.userAgent);
}

const newestFirst = (a: Reply, b: Reply) => b.at.getTime() - a.at.getTime();

/** One thread read in the background, and the replies the last read that confirmed them brought. */
class ThreadReader {
  /** The newest `REPLIES_KEPT`, newest first; undefined before a read confirmed any. */
  replies: readonly Reply[] | undefined;
  readonly poller: Poller<ReadOutcome, ThreadRead>;

  constructor(
    readonly thread: Thread,
    options: RepliesOptions,
    changed: () => void,
  ) {
    const { refreshMs, clock, metrics, log } = options;
    this.poller = new Poller({
      refreshMs,
      clock,
      outcomes: READ_OUTCOMES,
      read: () => readThread(thread, options),
      apply: (result, { nextReadAt, previous }) => {
        if ("replies" in result) {
          this.replies = [...result.replies].sort(newestFirst).slice(0, REPLIES_KEPT);
          changed();
        }
        metrics.read(thread.service, result.outcome);
        if (previous?.result.outcome !== result.outcome) {
          log.event(
            "replies.read",
            {
              service: thread.service,
              update: thread.update,
              outcome: result.outcome,
              ...(result.status !== undefined && { status: result.status }),
              ...(result.error && { error: result.error }),
              nextReadAt: new Date(nextReadAt).toISOString(),
            },
            `replies on ${thread.service}: ${result.outcome}${result.error ? ` (${result.error})` : ""}`,
          );
        }
      },
    });
  }
}

/** The replies to the posts `history` records; it reads nothing until `start` (or `refresh`). */
export function readReplies(history: NowHistory, options: RepliesOptions): Replies {
  const updates = postedUpdates(history);
  let shown: Conversation | undefined;
  const readers = updates.flatMap(({ id, posts }) =>
    posts.map((post) => new ThreadReader(threadOf(post, id, options), options, () => (shown = undefined))),
  );
  const services = [...new Set(readers.map(({ thread }) => thread.service))];
  for (const service of services) options.metrics.service(service);
  function serviceHealth(service: ReplyService): ServiceHealth {
    const mine = readers.filter(({ thread }) => thread.service === service);
    const problems = mine.flatMap(({ poller }) => poller.problem() ?? []);
    const confirmed = mine.map(({ poller }) => poller.confirmedAt);
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
    for (const { poller } of readers) poller.readIfDue();
  };

  return {
    conversation() {
      readIfDue();
      shown ??= {
        update: updates[0],
        replies: readers
          .flatMap((reader) => reader.replies ?? [])
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
