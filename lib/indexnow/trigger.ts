/**
 * @module The trigger's guard: a cooldown between submissions, and coalescing, so a
 * burst of triggers (or a stranger looping on the endpoint) reaches the engines at
 * most once per cooldown. Triggers that arrive while a submission is in flight share it.
 */

export interface TriggerResult<T> {
  readonly result: T;
  /** True when this trigger joined a submission another trigger had started. */
  readonly coalesced: boolean;
}

/** Thrown when a trigger arrives inside the cooldown; nothing was submitted. */
export class CooldownActive extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly lastSubmissionAt: Date,
  ) {
    super(
      `the last submission started at ${lastSubmissionAt.toISOString()}; retry in ${retryAfterSeconds} s`,
    );
    this.name = "CooldownActive";
  }
}

export interface TriggerOptions {
  /** Minimum gap between the starts of two submissions; 0 disables it. */
  readonly cooldownSeconds: number;
  /** Epoch milliseconds, as `Date.now`. */
  readonly clock: () => number;
}

/**
 * Wraps `submit` so that it runs at most once at a time and once per cooldown.
 *
 * @example
 * const trigger = guardedTrigger(() => submitAll(...), { cooldownSeconds: 300, clock });
 * const { result, coalesced } = await trigger(); // or throws CooldownActive
 */
export function guardedTrigger<T>(submit: (startedAt: Date) => Promise<T>, options: TriggerOptions) {
  let inFlight: Promise<T> | undefined;
  let lastStartedAt: Date | undefined;
  const cooldownMs = options.cooldownSeconds * 1000;

  return async function trigger(): Promise<TriggerResult<T>> {
    if (inFlight) return { result: await inFlight, coalesced: true };
    const now = new Date(options.clock());
    if (lastStartedAt && cooldownMs > 0) {
      const remainingMs = lastStartedAt.getTime() + cooldownMs - now.getTime();
      if (remainingMs > 0) throw new CooldownActive(Math.ceil(remainingMs / 1000), lastStartedAt);
    }
    lastStartedAt = now;
    const running = submit(now);
    inFlight = running;
    try {
      return { result: await running, coalesced: false };
    } finally {
      inFlight = undefined;
    }
  };
}
