/**
 * @module The server's log: one line per request and one per event on stdout, in one
 * format (JSON for a log collector, pretty for a person), and failures with their stack
 * trace on stderr.
 *
 * Request lines are queued and written in one batch every few milliseconds, formatted
 * when their batch is written rather than while their request is answered
 * (docs/decisions/2026-11-21-access-log-batched.md). An event or a failure first writes
 * whatever is queued, so the log stays in order.
 */
import type { ClientKind } from "../http/client-kind.ts";
import { quoteInput } from "../http/request-input.ts";

export type LogFormat = "json" | "pretty";

/** One answered request, as its access-log line says it. */
export interface AccessEntry {
  /** Epoch milliseconds when it arrived. */
  readonly arrivedAtMs: number;
  readonly method: string;
  /** The path asked for, without its query: what the request said, whichever route answered. */
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  readonly client: ClientKind;
  readonly requestId: string;
}

export interface Log {
  /** One request, queued: written within the batch delay, or at once when the queue is full. */
  access(entry: AccessEntry): void;
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

/**
 * An entry as one line, its time already formatted, its method and path already made
 * printable, its duration already rounded: the entry itself is read, never copied.
 */
type AccessLine = (
  time: string,
  entry: AccessEntry,
  method: string,
  path: string,
  durationMs: number,
) => string;

const ACCESS_LINES: Record<LogFormat, AccessLine> = {
  // Written out rather than JSON.stringify(entry): a batch formats a thousand of these.
  // Only method and path come from the request; the rest cannot need escaping.
  json: (time, { status, client, requestId }, method, path, durationMs) =>
    `{"time":"${time}","method":${jsonString(method)},"path":${jsonString(path)},"status":${status},"durationMs":${durationMs},"client":"${client}","requestId":"${requestId}"}`,
  pretty: (time, { status, client, requestId }, method, path, durationMs) =>
    `${time} ${method} ${path} ${status} ${durationMs}ms ${client} ${requestId}`,
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

/** The log: request lines queued and written in batches, events and failures at once. */
export function createLog({ format, out, err, capacity = 1024, delayMs = 20 }: LogOptions): Log {
  const accessLine = ACCESS_LINES[format];
  const iso = isoTimestamps();
  const queued: AccessEntry[] = [];
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    if (queued.length === 0) return;
    const lines = queued.map((entry) =>
      accessLine(
        iso(entry.arrivedAtMs),
        entry,
        quoteInput(entry.method, 16),
        quoteInput(entry.path, 200),
        Math.round(entry.durationMs * 100) / 100,
      ),
    );
    queued.length = 0;
    out(lines.join("\n"));
  }

  return {
    access(entry) {
      queued.push(entry);
      if (queued.length >= capacity) flush();
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
