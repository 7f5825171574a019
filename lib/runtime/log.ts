/**
 * @module The server's log: one line per request and one per event on stdout, in one
 * format (JSON for a log collector, pretty for a person), and failures with their stack
 * trace on stderr.
 *
 * Request lines are queued and written in one batch every few milliseconds, formatted
 * when their batch is written rather than while their request is answered, which made
 * the log cheaper under load (docs/decisions/2026-11-21-access-log-batched.md). An event
 * or a failure first writes whatever is queued, so the log stays in order.
 */
import type { ClientKind } from "../http/client-kind.ts";
import { quoteInput } from "../http/request-input.ts";

export type LogFormat = "json" | "pretty";

export interface Log {
  /** One request, queued: written within the batch delay, or at once when the queue is full. */
  access(
    arrivedAtMs: number,
    method: string,
    path: string,
    status: number,
    durationMs: number,
    client: ClientKind,
    requestId: string,
  ): void;
  /** One event and its fields; a pretty log writes `sentence` instead, when given. */
  event(name: string, fields: Readonly<Record<string, unknown>>, sentence?: string): void;
  /** A failure, with the error's stack trace. */
  error(message: string, error: unknown): void;
  /** Writes every queued line now (before exiting, say). */
  flush(): void;
}

export interface LogOptions {
  readonly format: LogFormat;
  /** Where lines go, a batch joined by newlines: stdout for the entry points. */
  readonly out: (lines: string) => void;
  /** Where failures go: stderr for the entry points. */
  readonly err: (text: string) => void;
  /** @default 1024 */
  readonly capacity?: number;
  /** @default 20 */
  readonly delayMs?: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON must escape.
const NEEDS_ESCAPING = /["\\\u0000-\u001f]/;

/** A JSON string literal: the text as it is when nothing in it needs escaping (the usual case). */
const jsonString = (text: string) => (NEEDS_ESCAPING.test(text) ? JSON.stringify(text) : `"${text}"`);

type AccessLine = (
  time: string,
  method: string,
  path: string,
  status: number,
  durationMs: number,
  client: string,
  id: string,
) => string;

const ACCESS_LINES: Record<LogFormat, AccessLine> = {
  // Written out rather than JSON.stringify(entry): a batch formats a thousand of these.
  // Only method and path come from the request; the rest cannot need escaping.
  json: (time, method, path, status, durationMs, client, id) =>
    `{"time":"${time}","method":${jsonString(method)},"path":${jsonString(path)},"status":${status},"durationMs":${durationMs},"client":"${client}","requestId":"${id}"}`,
  pretty: (time, method, path, status, durationMs, client, id) =>
    `${time} ${method} ${path} ${status} ${durationMs}ms ${client} ${id}`,
};

/** ISO 8601 for a time in epoch milliseconds, formatted once per millisecond: under load many lines share one. */
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

function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}

/**
 * The log. Queued requests are kept as columns, not an object each: nothing for the
 * collector to trace between batches but the strings the requests made anyway.
 */
export function createLog({ format, out, err, capacity = 1024, delayMs = 20 }: LogOptions): Log {
  const accessLine = ACCESS_LINES[format];
  const iso = isoTimestamps();
  const arrivedAt = new Float64Array(capacity);
  const durations = new Float64Array(capacity);
  const statuses = new Uint16Array(capacity);
  const methods = new Array<string>(capacity).fill("");
  const paths = new Array<string>(capacity).fill("");
  const clients = new Array<string>(capacity).fill("");
  const ids = new Array<string>(capacity).fill("");
  let queued = 0;
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    if (queued === 0) return;
    const lines = new Array<string>(queued);
    for (let i = 0; i < queued; i++) {
      lines[i] = accessLine(
        iso(arrivedAt[i] as number),
        quoteInput(methods[i] as string, 16),
        quoteInput(paths[i] as string, 200),
        statuses[i] as number,
        Math.round((durations[i] as number) * 100) / 100,
        clients[i] as string,
        ids[i] as string,
      );
    }
    queued = 0;
    out(lines.join("\n"));
  }

  return {
    access(arrivedAtMs, method, path, status, durationMs, client, requestId) {
      const i = queued++;
      arrivedAt[i] = arrivedAtMs;
      methods[i] = method;
      paths[i] = path;
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
    event(name, fields, sentence) {
      flush();
      const time = new Date().toISOString();
      if (format === "json") out(JSON.stringify({ time, event: name, ...fields }));
      else out(`${time} ${sentence ?? `${name} ${JSON.stringify(fields)}`}`);
    },
    error(message, error) {
      flush();
      err(`${new Date().toISOString()} ${message}: ${describeError(error)}`);
    },
    flush,
  };
}
