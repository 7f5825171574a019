/** @module Why a door refused a connection, or closed it: the words of the doors' metrics and log lines. */
import { SLOT_LIMITS } from "../../utils/slots.ts";

/**
 * Refused before it took a slot: all the door's slots were taken (`max`), or the client's
 * share (`per_client`); or, where a PROXY header is believed, none came within the
 * deadline, or a malformed one (`proxy_header`).
 */
export const REFUSAL_REASONS = [...SLOT_LIMITS, "proxy_header"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * The visitor left (a key, or closed the connection); it was answered and closed (`ssh -T`,
 * a refused command, a finger query); it went idle; its time was up; the server stopped;
 * the handshake (SSH) or the query line (finger) did not come in time; the visitor stopped
 * reading what was written, or sent a query too long to be one; it sent a PROXY header
 * where none is believed; or our handling of it failed (a bug, logged).
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
  "proxy_header",
  "failed",
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
