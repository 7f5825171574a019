/** @module The words the doors' metrics and log lines use: which door, and how a session ended. */

/** `ssh` (a terminal session) or `finger` (one query, one answer). */
export const DOORS = ["ssh", "finger"] as const;
export type Door = (typeof DOORS)[number];

/**
 * How a session ended: the visitor left (a key, or closed the connection), it was answered
 * and closed (`ssh -T`, a refused command, a finger query), it went idle, its time was up,
 * the server stopped, the handshake (SSH) or the query line (finger) did not come in time,
 * the visitor stopped reading what was written, or sent a query too long to be one; or our
 * handling of it failed (a bug, logged).
 */
export const SESSION_ENDINGS = [
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
export type SessionEnding = (typeof SESSION_ENDINGS)[number];

/** Which limit refused a connection: all the door's slots taken, or this client's share. */
export { SLOT_LIMITS as DOOR_LIMITS, type SlotLimit as DoorLimit } from "../utils/slots.ts";
