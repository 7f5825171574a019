/**
 * @module Answers that stay open (the live view, the event stream), and the limits that
 * hold against strangers: so many at once, so many per client address, so long each, and
 * so much queued for a client that stops reading. Every way one ends is counted once and
 * logged in one line: the client left, it read too slowly, its time was up, or the server
 * stopped (each then writes its last words before it closes).
 */
import { DroppedConnection, type SiteConnections } from "../http/connections.ts";
import { CACHE_CONTROL } from "../http/headers.ts";
import { preparedHeaders } from "../http/prepared-response.ts";
import type { Log } from "../runtime/log.ts";
import { Slots } from "../utils/slots.ts";
import type { StreamsConfig } from "./config.ts";
import type { StreamsMetrics } from "./metrics.ts";
import type { StreamEnding, StreamKind } from "./stream-kinds.ts";

/**
 * What may be queued for one client before it is dropped: a few frames of the live view,
 * so a client that paused for a moment catches up, and one that stopped reading costs
 * no more than this.
 */
export const QUEUE_LIMIT_BYTES = 64 * 1024;

/** What a stream writes, and when. */
export interface StreamSource {
  /** Written at once, once the stream is open. */
  first(at: Date): string;
  /** Asked every `everyMs`: what to write now; nothing for "". */
  next(at: Date): string;
  /** Written last, when the stream ends because its time is up or the server stops. */
  last(ending: "time_up" | "shutdown"): string;
}

/** A kind of stream, as its route opens it. */
export interface StreamOptions {
  readonly kind: StreamKind;
  readonly contentType: string;
  /** How often `next` is asked. */
  readonly everyMs: number;
  /** The longest the stream may write nothing (the connection is kept open that long). */
  readonly quietSeconds: number;
}

/** Why a stream was not opened, and when to try again. */
export interface Refusal {
  /** 503: every slot is taken; 429: this client holds its share. */
  readonly status: 503 | 429;
  readonly retryAfterSeconds: number;
  readonly open: number;
  readonly limit: number;
}

export interface OpenStreamsOptions {
  readonly log: Pick<Log, "event" | "error">;
  readonly metrics: StreamsMetrics;
  /** How long a stream's connection may stay quiet, and who its client is. */
  readonly connections: SiteConnections;
  /** Epoch milliseconds, as `Date.now`: the time each `next` is asked at. */
  readonly clock: () => number;
}

/** When to try again after a refusal: about when a view ends or a slot frees, not at once. */
const RETRY_AFTER_SECONDS = 30;

const encoder = new TextEncoder();

/** Opens the streams of one kind: what a route's handler calls. */
export interface StreamOpener {
  open(request: Request, path: string, source: StreamSource): Response | Refusal;
}

/** The streams open now, and the slots left. Ended on `drain` (SIGTERM) and `stop`. */
export class OpenStreams {
  readonly #open = new Set<{ end(ending: StreamEnding): void }>();
  readonly #slots: Slots;
  /** Set by `drain`: a stream asked for after it is refused, as nothing would end it. */
  #draining = false;

  constructor(
    /** The limits: so many at once, per client, so long each. */
    readonly config: StreamsConfig,
    private readonly options: OpenStreamsOptions,
  ) {
    this.#slots = new Slots(config.max, config.perClient);
  }

  /** The streams of one kind, as a route opens them: counted under `options.kind` from now. */
  ofKind(options: StreamOptions): StreamOpener {
    this.options.metrics.kind(options.kind);
    return { open: (request, path, source) => this.openStream(request, path, options, source) };
  }

  /** How many are open. */
  get size(): number {
    return this.#open.size;
  }

  /**
   * A streamed answer for `request`, writing what `source` gives until one of the ways it
   * ends; or the refusal, when a limit is reached.
   */
  private openStream(
    request: Request,
    path: string,
    options: StreamOptions,
    source: StreamSource,
  ): Response | Refusal {
    const headers = preparedHeaders({
      contentType: options.contentType,
      cacheControl: CACHE_CONTROL.noStore,
    });
    const { max, perClient, seconds } = this.config;
    const client = this.options.connections.clientKey(request);
    // HEAD asks what GET would answer, refusals included, and holds nothing open.
    const head = request.method === "HEAD";
    const refused = this.#draining ? "max" : head ? this.#slots.refusal(client) : this.#slots.take(client);
    if (refused === "max")
      return { status: 503, retryAfterSeconds: RETRY_AFTER_SECONDS, open: max, limit: max };
    if (refused === "per_client") {
      return { status: 429, retryAfterSeconds: RETRY_AFTER_SECONDS, open: perClient, limit: perClient };
    }
    if (head) return new Response(null, { headers });
    const { log, metrics, connections, clock } = this.options;
    const { kind } = options;
    const openedAt = performance.now();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let ended = false;
    let ticking: ReturnType<typeof setInterval> | undefined;
    let timeUp: ReturnType<typeof setTimeout> | undefined;

    const end = (ending: StreamEnding) => {
      if (ended) return;
      ended = true;
      clearInterval(ticking);
      clearTimeout(timeUp);
      this.#open.delete(stream);
      this.#slots.free(client);
      metrics.ended(kind, ending);
      const openSeconds = Math.round((performance.now() - openedAt) / 100) / 10;
      log.event(
        "stream ended",
        { kind, path, ending, seconds: openSeconds },
        `${kind} at ${path} ended (${ending.replace("_", " ")}) after ${openSeconds} s`,
      );
      try {
        if (ending === "time_up" || ending === "shutdown") {
          const last = source.last(ending);
          if (last) controller.enqueue(encoder.encode(last));
          controller.close();
        } else if (ending === "too_slow" || ending === "failed") {
          // What is queued is dropped with the connection: the client was not reading it, or
          // what it would have read is broken. Bun keeps a dropped connection until it has been
          // quiet for its timeout: a second, so a drain does not wait on it.
          controller.error(new DroppedConnection(`the stream ended: ${ending}`));
          connections.allowQuiet(request, 1);
        }
      } catch {
        // The client is gone already: nothing is left to write to.
      }
    };
    const stream = { end };
    const write = (text: string) => {
      if (ended || text === "") return;
      controller.enqueue(encoder.encode(text));
      if (-(controller.desiredSize ?? 0) > QUEUE_LIMIT_BYTES) end("too_slow");
    };
    /** Writes what `source` gives; a throw ends this stream, logged, and never reaches a timer. */
    const writeFrom = (give: (at: Date) => string) => {
      try {
        write(give(new Date(clock())));
      } catch (error) {
        log.error(`The ${kind} at ${path} failed to write`, error);
        end("failed");
      }
    };

    const body = new ReadableStream<Uint8Array>(
      {
        start(started) {
          controller = started;
        },
        // Both may come when a client leaves (bun#6758): `end` counts it once.
        cancel: () => end("left"),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    );
    request.signal.addEventListener("abort", () => end("left"), { once: true });
    this.#open.add(stream);
    metrics.opened(kind);
    connections.allowQuiet(request, options.quietSeconds);
    // The timers first: `end`, whenever it comes, clears them.
    ticking = setInterval(() => writeFrom((at) => source.next(at)), options.everyMs);
    timeUp = setTimeout(() => end("time_up"), seconds * 1000);
    writeFrom((at) => source.first(at));
    return new Response(body, { headers });
  }

  /** SIGTERM: every stream writes its last words and closes, so the drain does not wait on it; no new one opens. */
  drain(): void {
    this.#draining = true;
    for (const stream of [...this.#open]) stream.end("shutdown");
  }

  stop(): void {
    this.drain();
  }
}
