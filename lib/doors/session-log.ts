/**
 * @module How a door tells of a session: counted open and ended (with why), refused (by
 * which limit), and one log line when it ends, with how long it lasted. Never the client's
 * address: the log keeps no more of a visitor than the access log does.
 */
import type { Log } from "../runtime/log.ts";
import type { Door, DoorLimit, SessionEnding } from "./door-words.ts";
import type { DoorMetrics } from "./metrics.ts";

export interface DoorReport {
  readonly log: Pick<Log, "event" | "error">;
  readonly metrics: DoorMetrics;
}

/** A session opened at `door`: returns what to call, once, when it has ended. */
export function sessionOpened({ log, metrics }: DoorReport, door: Door): (ending: SessionEnding) => void {
  const openedAt = performance.now();
  metrics.opened(door);
  let reported = false;
  return (ending) => {
    if (reported) return;
    reported = true;
    metrics.ended(door, ending);
    const seconds = Math.round((performance.now() - openedAt) / 100) / 10;
    log.event(
      "door session ended",
      { door, ending, seconds },
      `${door} session ended (${ending.replace("_", " ")}) after ${seconds} s`,
    );
  };
}

/** How often, at most, a door's refusals are logged: a flood of connections is not a flood of lines. */
const REFUSALS_LOGGED_EVERY_MS = 1000;

/**
 * What a door calls for each connection a limit refused: each is counted; one log line a
 * second at most says how many were refused since the last, and by which limit last.
 */
export function refusalReporter({ log, metrics }: DoorReport, door: Door): (limit: DoorLimit) => void {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  return (limit) => {
    metrics.refused(door, limit);
    unlogged += 1;
    const now = performance.now();
    if (now - loggedAt < REFUSALS_LOGGED_EVERY_MS) return;
    loggedAt = now;
    log.event(
      "door refused",
      { door, limit, refused: unlogged },
      `${door}: ${unlogged} connection${unlogged === 1 ? "" : "s"} refused (${limit.replace("_", " ")})`,
    );
    unlogged = 0;
  };
}
