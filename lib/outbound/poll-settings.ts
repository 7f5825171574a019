/**
 * @module The two variables of every feature that reads a service in the background: how
 * often (`…_REFRESH_SECONDS`) and for how long a read may take (`…_TIMEOUT_MS`), with the
 * same defaults and bounds, and what `--help` says of them.
 */
import { type Env, type VariableHelp, wholeNumber } from "../runtime/env.ts";

export const DEFAULT_REFRESH_SECONDS = 300;
export const DEFAULT_TIMEOUT_MS = 5000;

export interface PollSettings {
  /** The least time between two reads of one thing read, unless its service asks for more. @default 300 */
  readonly refreshSeconds: number;
  /** One read's whole budget: the answer and its body. @default 5000 */
  readonly timeoutMs: number;
}

/** The variables' names: `LIVE_REFRESH_SECONDS`, `LIVE_TIMEOUT_MS`. */
export interface PollVariables {
  readonly refresh: string;
  readonly timeout: string;
}

/** Reads them; throws `ConfigError` naming the one that is bad. */
export function pollSettings(env: Env, { refresh, timeout }: PollVariables): PollSettings {
  return {
    refreshSeconds: wholeNumber(env, refresh, DEFAULT_REFRESH_SECONDS, 1, 86_400),
    timeoutMs: wholeNumber(env, timeout, DEFAULT_TIMEOUT_MS, 50, 60_000),
  };
}

/** What `--help` says of them: `read` says what is read (`the owner's live activity is read`). */
export function pollHelp({ refresh, timeout }: PollVariables, read: string): VariableHelp {
  return {
    variables: [refresh, timeout],
    meaning: `how often (${DEFAULT_REFRESH_SECONDS} s) and for how long (${DEFAULT_TIMEOUT_MS} ms) ${read}`,
  };
}
