/** @module The words the streams' metrics and log lines use: what a stream is, and how it ended. */

/** A live view (`/live`, text redrawn in place) or an event stream (`/api/events`, SSE). */
export const STREAM_KINDS = ["view", "events"] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/**
 * How a stream ended: the client left (closed its connection), read too slowly (too much
 * was queued for it), its time was up (`LIVE_VIEW_SECONDS`), the server stopped, or what
 * it writes failed (a bug, logged with its trace).
 */
export const STREAM_ENDINGS = ["left", "too_slow", "time_up", "shutdown", "failed"] as const;
export type StreamEnding = (typeof STREAM_ENDINGS)[number];
