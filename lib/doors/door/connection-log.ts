/**
 * @module How a door tells of its connections: each accepted one counted open, then closed
 * with its reason and one log line saying how long it lasted; each refused one counted, and
 * logged once a second at most. Never the client's address: the log keeps no more of a
 * visitor than the access log does.
 */
import type { Log } from "../../runtime/log.ts";
import type { DoorMetrics } from "./metrics.ts";
import type { CloseReason, RefusalReason } from "./reasons.ts";

/** Where one door's connections are told of: its name, the log, its metrics. */
export interface DoorReport {
  readonly door: string;
  readonly log: Pick<Log, "event" | "error">;
  readonly metrics: DoorMetrics;
}

/** A connection was accepted: returns what to call, once, when it has closed. */
export function connectionOpened({ door, log, metrics }: DoorReport): (reason: CloseReason) => void {
  const openedAt = performance.now();
  metrics.opened();
  let reported = false;
  return (reason) => {
    if (reported) return;
    reported = true;
    metrics.closed(reason);
    const seconds = Math.round((performance.now() - openedAt) / 100) / 10;
    log.event(
      "door connection closed",
      { door, reason, seconds },
      `${door} connection closed (${reason.replace("_", " ")}) after ${seconds} s`,
    );
  };
}

/** How often, at most, a door's refusals are logged: a flood of connections is not a flood of lines. */
const REFUSALS_LOGGED_EVERY_MS = 1000;

/**
 * What a door calls for each connection it refused: each is counted; for each reason, one
 * log line a second at most says how many were refused for it since its last line, and
 * what was wrong with the last (`detail`: which PROXY header problem).
 */
export function refusalReporter({
  door,
  log,
  metrics,
}: DoorReport): (reason: RefusalReason, detail?: string) => void {
  const lastLines = new Map<RefusalReason, { loggedAt: number; unlogged: number }>();
  return (reason, detail) => {
    metrics.refused(reason);
    const last = lastLines.get(reason) ?? { loggedAt: Number.NEGATIVE_INFINITY, unlogged: 0 };
    lastLines.set(reason, last);
    last.unlogged += 1;
    const now = performance.now();
    if (now - last.loggedAt < REFUSALS_LOGGED_EVERY_MS) return;
    const refused = last.unlogged;
    log.event(
      "door refused",
      { door, reason, ...(detail ? { detail } : {}), refused },
      `${door}: ${refused} connection${refused === 1 ? "" : "s"} refused (${detail ?? reason.replace("_", " ")})`,
    );
    last.loggedAt = now;
    last.unlogged = 0;
  };
}
