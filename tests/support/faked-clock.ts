/**
 * @module Test support: a command run as a person runs it, on a computer whose clock says
 * another time. libfaketime (Debian's `faketime`, `scripts/install-test-tools.sh`) moves
 * the clock a process reads, and its children's; the clock goes on ticking from there, so
 * commands run one after another see time pass as a person's would.
 */

/** A clock set to `instant` now, for the commands `run` starts. */
export interface FakedClock {
  /** The command, as `faketime` runs it on this clock. */
  command(command: readonly string[]): string[];
  /** What the faked clock says now, in milliseconds since the epoch. */
  now(): number;
}

/**
 * A clock that says `instant` (an ISO 8601 time with its offset, like
 * `2026-11-28T23:12:00-03:00`) when this is called, then ticks on. The offset is whole
 * seconds, as libfaketime takes it.
 */
export function clockAt(instant: string): FakedClock {
  const offset = Math.round((Date.parse(instant) - Date.now()) / 1000);
  return {
    command: (command) => [
      "faketime",
      "-m",
      "--exclude-monotonic",
      "-f",
      `${offset >= 0 ? "+" : ""}${offset}s`,
      ...command,
    ],
    now: () => Date.now() + offset * 1000,
  };
}
