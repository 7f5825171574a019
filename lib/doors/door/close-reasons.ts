/** @module Why a door's connection closed: the words of the doors' metrics and log lines. */

/**
 * The visitor left (a key, or closed the connection); it was answered and closed (`ssh -T`,
 * a refused command, a finger query); it went idle; its time was up; the server stopped;
 * the handshake (SSH) or the query line (finger) did not come in time; the visitor stopped
 * reading what was written, or sent a query too long to be one; or our handling of it
 * failed (a bug, logged).
 */
export const CLOSE_REASONS = [
  "left",
  "answered",
  "idle",
  "time_up",
  "shutdown",
  "too_late",
  "too_slow",
  "too_long",
  "failed",
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
