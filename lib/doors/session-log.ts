/**
 * @module How a door tells of a session: counted open and ended (with why), refused (by
 * which limit), and one log line when it ends, with how long it lasted. Never the client's
 * address: the log keeps no more of a visitor than the access log does.
 */
import type { SiteMetrics } from "../metrics/site-metrics.ts";
import type { Log } from "../runtime/log.ts";
import type { Door, DoorLimit, SessionEnding } from "./door-words.ts";

export interface DoorReport {
  readonly log: Pick<Log, "event">;
  readonly metrics: Pick<SiteMetrics, "doorOpened" | "doorEnded" | "doorRefused">;
}

/** A session opened at `door`: returns what to call, once, when it has ended. */
export function sessionOpened({ log, metrics }: DoorReport, door: Door): (ending: SessionEnding) => void {
  const openedAt = performance.now();
  metrics.doorOpened(door);
  let reported = false;
  return (ending) => {
    if (reported) return;
    reported = true;
    metrics.doorEnded(door, ending);
    const seconds = Math.round((performance.now() - openedAt) / 100) / 10;
    log.event(
      "door session ended",
      { door, ending, seconds },
      `${door} session ended (${ending.replace("_", " ")}) after ${seconds} s`,
    );
  };
}

/** A connection refused by a limit. */
export function sessionRefused({ log, metrics }: DoorReport, door: Door, limit: DoorLimit): void {
  metrics.doorRefused(door, limit);
  log.event("door refused", { door, limit }, `${door} connection refused (${limit.replace("_", " ")})`);
}
