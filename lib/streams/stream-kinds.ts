/** @module The words the streams' metrics and log lines use: how a stream ended. */

/**
 * What a stream is, as its route names it: `view` (`/live`, text redrawn in place),
 * `events` (`/api/events`, SSE). a-z and `_` only: it labels the metrics.
 */
export type StreamKind = string;

/**
 * How a stream ended: the client left (closed its connection), read too slowly (too much
 * was queued for it), its time was up (`LIVE_VIEW_SECONDS`), the server stopped, or what
 * it writes failed (a bug, logged with its trace).
 */
export const STREAM_ENDINGS = ["left", "too_slow", "time_up", "shutdown", "failed"] as const;
export type StreamEnding = (typeof STREAM_ENDINGS)[number];
