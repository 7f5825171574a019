/**
 * @module What the doors count: sessions open now and how each ended, by door, and the
 * connections a limit refused. Every door's series exist from the start, at 0.
 */
import type { Metrics } from "../metrics/registry.ts";
import {
  DOOR_LIMITS,
  DOORS,
  type Door,
  type DoorLimit,
  SESSION_ENDINGS,
  type SessionEnding,
} from "./door-words.ts";

export interface DoorMetrics {
  /** A session opened at a door (SSH, finger). */
  opened(door: Door): void;
  /** A session at a door ended, and why. */
  ended(door: Door, ending: SessionEnding): void;
  /** A connection to a door refused by a limit. */
  refused(door: Door, limit: DoorLimit): void;
}

/** Registers the doors' families in `metrics`. */
export function doorMetrics(metrics: Metrics): DoorMetrics {
  const open = new Map<Door, number>(DOORS.map((door) => [door, 0]));
  metrics.gauge(
    "site_door_sessions",
    "Sessions open now at the doors beside HTTP (ssh, finger), by door.",
    ["door"],
    () => [...open].map(([door, count]) => [[door], count] as const),
  );
  const ended = metrics.counter(
    "site_door_sessions_ended_total",
    "Sessions ended at the doors beside HTTP, by door and why: the visitor left, it was answered, it went idle, " +
      "its time was up, the server stopped, it was too late, too slow or too long.",
    ["door", "ending"],
  );
  const refusals = metrics.counter(
    "site_door_refusals_total",
    "Connections to a door refused by a limit: all its slots taken (max) or the client's share (per_client).",
    ["door", "limit"],
  );
  for (const door of DOORS) {
    for (const ending of SESSION_ENDINGS) ended.inc([door, ending], 0);
    for (const limit of DOOR_LIMITS) refusals.inc([door, limit], 0);
  }
  return {
    opened(door) {
      open.set(door, (open.get(door) ?? 0) + 1);
    },
    ended(door, ending) {
      open.set(door, (open.get(door) ?? 1) - 1);
      ended.inc([door, ending]);
    },
    refused(door, limit) {
      refusals.inc([door, limit]);
    },
  };
}
