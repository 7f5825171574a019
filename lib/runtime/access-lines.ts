/**
 * @module The access log's output: each request's entry queued as a few numbers and
 * strings, and written as lines, in one batch every few milliseconds under load.
 *
 * Formatting waits for the batch too. A line built per request is a tree of strings
 * that lives until its batch is written; built in the batch, it is gone in one turn,
 * and the loop that builds a thousand of them stays warm. In a simultaneous A/B on the
 * JSON ping, that took the log's cost from about 8% of the server's throughput to 4%
 * (README, Performance).
 */
import type { ClientKind } from "../http/client-kind.ts";
import { quoteInput } from "../http/errors.ts";

export type LogFormat = "json" | "pretty";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON must escape.
const NEEDS_ESCAPING = /["\\\u0000-\u001f]/;

/** A JSON string literal: the text as it is when nothing in it needs escaping (the usual case). */
const jsonString = (text: string) => (NEEDS_ESCAPING.test(text) ? JSON.stringify(text) : `"${text}"`);

/**
 * A format in two parts: the request's method and path, which a route the server's
 * router matched formats once, and the line around them.
 */
interface LineFormat {
  request(method: string, path: string): string;
  line(time: string, request: string, status: number, durationMs: number, client: string, id: string): string;
}

const FORMATS: Record<LogFormat, LineFormat> = {
  // Written out rather than JSON.stringify(entry): this runs once per request, and
  // stringify was a fifth of the server's CPU under load. Only method and path come
  // from the request; the rest cannot need escaping.
  json: {
    request: (method, path) => `"method":${jsonString(method)},"path":${jsonString(path)}`,
    line: (time, request, status, durationMs, client, id) =>
      `{"time":"${time}",${request},"status":${status},"durationMs":${durationMs},"client":"${client}","requestId":"${id}"}`,
  },
  pretty: {
    request: (method, path) => `${method} ${path}`,
    line: (time, request, status, durationMs, client, id) =>
      `${time} ${request} ${status} ${durationMs}ms ${client} ${id}`,
  },
};

/** ISO 8601 for a time in epoch milliseconds, formatted once per millisecond: under load many entries share one. */
function isoTimestamps(): (epochMs: number) => string {
  let lastMs = Number.NaN;
  let last = "";
  return function iso(epochMs) {
    const ms = Math.floor(epochMs);
    if (ms !== lastMs) {
      lastMs = ms;
      last = new Date(ms).toISOString();
    }
    return last;
  };
}

export interface AccessLines {
  /**
   * A request's method and path as its lines show them, made printable (`quoteInput`):
   * no control bytes in logs. A route the router matched asks once, not per request.
   */
  request(method: string, path: string): string;
  /**
   * Queues one request's entry; it is written within the delay, or at once when the
   * queue is full. `request` is what `request()` returned for it.
   */
  add(
    arrivedAtMs: number,
    request: string,
    status: number,
    durationMs: number,
    client: ClientKind,
    requestId: string,
  ): void;
  /** Writes every queued entry now (before exiting, or before an out-of-band line). */
  flush(): void;
}

export interface AccessLinesOptions {
  readonly format: LogFormat;
  /** Where a batch goes, its lines joined by newlines; the entry points pass stdout. */
  readonly out: (lines: string) => void;
  /** @default 1024 */
  readonly capacity?: number;
  /** @default 20 */
  readonly delayMs?: number;
}

/**
 * The queue, as columns rather than an object per entry: nothing for the collector to
 * trace between batches but the strings the request made anyway.
 */
export function accessLines({ format, out, capacity = 1024, delayMs = 20 }: AccessLinesOptions): AccessLines {
  const { request, line } = FORMATS[format];
  const iso = isoTimestamps();
  const arrivedAt = new Float64Array(capacity);
  const durations = new Float64Array(capacity);
  const statuses = new Uint16Array(capacity);
  const requests = new Array<string>(capacity).fill("");
  const clients = new Array<string>(capacity).fill("");
  const ids = new Array<string>(capacity).fill("");
  let queued = 0;
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    if (queued === 0) return;
    const lines = new Array<string>(queued);
    for (let i = 0; i < queued; i++) {
      const durationMs = Math.round((durations[i] as number) * 100) / 100;
      lines[i] = line(
        iso(arrivedAt[i] as number),
        requests[i] as string,
        statuses[i] as number,
        durationMs,
        clients[i] as string,
        ids[i] as string,
      );
    }
    queued = 0;
    out(lines.join("\n"));
  }

  return {
    request: (method, path) => request(quoteInput(method, 16), quoteInput(path, 200)),
    add(arrivedAtMs, request, status, durationMs, client, requestId) {
      const i = queued++;
      arrivedAt[i] = arrivedAtMs;
      requests[i] = request;
      statuses[i] = status;
      durations[i] = durationMs;
      clients[i] = client;
      ids[i] = requestId;
      if (queued === capacity) flush();
      else if (!scheduled) {
        scheduled = true;
        setTimeout(flush, delayMs);
      }
    },
    flush,
  };
}
