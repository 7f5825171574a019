/**
 * @module How a door tells of its connections: each accepted one counted open, then closed
 * with its reason and one log line saying how long it lasted; each refused one counted, and
 * logged once a second at most. Never the client's address: the log keeps no more of a
 * visitor than the access log does.
 */
import type { Log } from "../../runtime/log.ts";
import type { SlotLimit } from "../../utils/slots.ts";
import type { CloseReason } from "./close-reasons.ts";
import type { DoorMetrics } from "./metrics.ts";

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
 * What a door calls for each connection it refused: each is counted; one log line a second
 * at most says how many were refused since the last, and for which reason last.
 */
export function refusalReporter({ door, log, metrics }: DoorReport): (reason: SlotLimit) => void {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  return (reason) => {
    metrics.refused(reason);
    unlogged += 1;
    const now = performance.now();
    if (now - loggedAt < REFUSALS_LOGGED_EVERY_MS) return;
    loggedAt = now;
    log.event(
      "door refused",
      { door, reason, refused: unlogged },
      `${door}: ${unlogged} connection${unlogged === 1 ? "" : "s"} refused (${reason.replace("_", " ")})`,
    );
    unlogged = 0;
  };
}
