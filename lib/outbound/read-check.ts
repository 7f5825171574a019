/**
 * @module A background read's check in the heartbeat, the same for every feature that reads
 * another service (`github:age`, `bluesky:replies`): the seconds since a read confirmed
 * what is shown, `warn` with what went wrong, and when the latest read ended, and how.
 */
import { type CheckItem, seconds } from "../site/health.ts";

/** How the reads behind one check are doing. */
export interface ReadHealth {
  /** `pass` when the latest reads confirmed what is shown, recently enough; `warn` otherwise. */
  readonly status: "pass" | "warn";
  /** When a read last confirmed what is shown; undefined before one did. */
  readonly readAt: Date | undefined;
  /** The latest read, where the check is of one reader. */
  readonly lastRead?: { readonly at: Date; readonly outcome: string } | undefined;
  /** What is wrong, for `warn`. */
  readonly output: string | undefined;
}

/** The check's item at `at`. */
export function readCheck({ status, readAt, lastRead, output }: ReadHealth, at: Date): CheckItem {
  return {
    componentType: "system",
    observedValue: readAt ? seconds(at.getTime() - readAt.getTime()) : null,
    observedUnit: "s",
    status,
    time: at.toISOString(),
    ...(output !== undefined && { output }),
    ...(readAt && { readAt: readAt.toISOString() }),
    ...(lastRead && { lastReadAt: lastRead.at.toISOString(), lastOutcome: lastRead.outcome }),
  };
}
