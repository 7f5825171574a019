/**
 * @module The server's log: one line per request and one per event on stdout, in one
 * format (JSON for a log collector, pretty for a person), and failures with their stack
 * trace on stderr. Request lines are written together every few milliseconds, one write
 * for many (docs/decisions/2026-11-27-speed-kept.md); an event or a failure first writes
 * what is waiting, so the log stays in order.
 */
import { quoteInput } from "../utils/request-input.ts";

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
  /** Who asked: terminal, link preview, browser or program (`lib/http/client-kind.ts`). */
  readonly client: string;
  readonly requestId: string;
}

export interface Log {
  /** One answered request: its line is written within `BATCH_MS`. */
  access(entry: AccessEntry): void;
  /** One event and its fields; a pretty log writes `sentence` instead, when given. */
  event(name: string, fields: Readonly<Record<string, unknown>>, sentence?: string): void;
  /** A failure, with the error's stack trace. */
  error(message: string, error: unknown): void;
  /** Writes the request lines waiting now (before exiting, say). */
  flush(): void;
}

/** How long a request's line waits for others to be written with. */
export const BATCH_MS = 20;

export interface LogOptions {
  readonly format: LogFormat;
  /** Where lines go, several joined by newlines: stdout for the entry points. */
  readonly out: (lines: string) => void;
  /** Where failures go: stderr for the entry points. */
  readonly err: (text: string) => void;
}

function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}

/** The log, in `format`, writing to `out` and `err`. */
export function createLog({ format, out, err }: LogOptions): Log {
  const queued: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (queued.length === 0) return;
    out(queued.join("\n"));
    queued.length = 0;
  };
  const write = (line: string) => {
    queued.push(line);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, BATCH_MS);
    }
  };
  return {
    access({ arrivedAtMs, method, path, status, durationMs, client, requestId }) {
      // Only method and path come from the request: made printable, as every line is.
      const line = {
        time: new Date(arrivedAtMs).toISOString(),
        method: quoteInput(method, 16),
        path: quoteInput(path, 200),
        status,
        durationMs: Math.round(durationMs * 100) / 100,
        client,
        requestId,
      };
      write(
        format === "json"
          ? JSON.stringify(line)
          : `${line.time} ${line.method} ${line.path} ${status} ${line.durationMs}ms ${client} ${requestId}`,
      );
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
