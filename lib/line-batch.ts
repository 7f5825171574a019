/**
 * @module Batched output lines: under load, one write per turn of the event loop rather
 * than one per request. A synchronous write per access-log line costs more than the
 * request it describes.
 */

export interface LineBatch {
  /** Queues a line; it is written before the event loop turns again. */
  write(line: string): void;
  /** Writes every queued line now (before exiting, or before an out-of-band line). */
  flush(): void;
}

/** Lines for `out` (one call per batch, lines joined by newlines), at most `maxLines` queued. */
export function lineBatch(out: (lines: string) => void, maxLines = 1024): LineBatch {
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
        setTimeout(flush, 0);
      }
    },
    flush,
  };
}
