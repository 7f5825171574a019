/**
 * @module What the doors count: connections open now, each closed with its reason, those
 * refused and why, and the proxy's health checks (PROXY `LOCAL`), by door. Every door of
 * the table has its series from the start, at 0, whether it is on or not.
 */
import type { Metrics } from "../../metrics/registry.ts";
import { CLOSE_REASONS, type CloseReason, REFUSAL_REASONS, type RefusalReason } from "./reasons.ts";

/** What one door counts. */
export interface DoorMetrics {
  /** A connection was accepted into a slot. */
  opened(): void;
  /** An accepted connection closed, and why. */
  closed(reason: CloseReason): void;
  /** A connection was refused, and why. */
  refused(reason: RefusalReason): void;
  /** The proxy in front checked the door's health (a PROXY `LOCAL` header), and was closed quietly. */
  healthChecked(): void;
}

/** Registers the doors' families in `metrics`, a series for each of `doors`; returns each door's counting. */
export function doorMetrics(metrics: Metrics, doors: readonly string[]): (door: string) => DoorMetrics {
  const open = new Map<string, number>(doors.map((door) => [door, 0]));
  metrics.gauge(
    "site_door_connections",
    "Connections open now at the doors beside HTTP, by door.",
    ["door"],
    () => [...open].map(([door, count]) => [[door], count] as const),
  );
  const closed = metrics.counter(
    "site_door_connections_closed_total",
    "Connections closed at the doors beside HTTP, by door and reason: the visitor left, it was answered, it went " +
      "idle, its time was up, the server stopped, it was too late, too slow or too long, or it failed.",
    ["door", "reason"],
  );
  const refused = metrics.counter(
    "site_door_connections_refused_total",
    "Connections a door refused: all its slots taken (max), the client's share (per_client), or no PROXY " +
      "header where one is believed, or a malformed one (proxy_header).",
    ["door", "reason"],
  );
  const healthChecks = metrics.counter(
    "site_door_health_checks_total",
    "Connections from the proxy in front of a door checking its health (PROXY LOCAL), closed quietly.",
    ["door"],
  );
  for (const door of doors) {
    for (const reason of CLOSE_REASONS) closed.inc([door, reason], 0);
    for (const reason of REFUSAL_REASONS) refused.inc([door, reason], 0);
    healthChecks.inc([door], 0);
  }
  return (door) => ({
    opened() {
      open.set(door, (open.get(door) ?? 0) + 1);
    },
    closed(reason) {
      open.set(door, (open.get(door) ?? 1) - 1);
      closed.inc([door, reason]);
    },
    refused(reason) {
      refused.inc([door, reason]);
    },
    healthChecked() {
      healthChecks.inc([door]);
    },
  });
}
