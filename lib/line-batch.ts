/**
 * @module Batched output lines: under load, one write every few milliseconds rather than
 * one per request. A synchronous write per access-log line costs more than the request
 * it describes; even one per turn of the event loop was a fifth of the server's CPU.
 */

export interface LineBatch {
  /** Queues a line; it is written within `delayMs`, or at once when the batch is full. */
  write(line: string): void;
  /** Writes every queued line now (before exiting, or before an out-of-band line). */
  flush(): void;
}

/** Lines for `out` (one call per batch, lines joined by newlines), at most `maxLines` queued. */
export function lineBatch(out: (lines: string) => void, maxLines = 1024, delayMs = 20): LineBatch {
  let queued: string[] = [];
  let scheduled = false;
  function flush(): void {
    scheduled = false;
    if (queued.length === 0) return;
    const lines = queued.join("\n");
    queued = [];
    out(lines);
  }
  return {
    write(line) {
      queued.push(line);
      if (queued.length >= maxLines) flush();
      else if (!scheduled) {
        scheduled = true;
        setTimeout(flush, delayMs);
      }
    },
    flush,
  };
}
