/**
 * @module The trigger's rule: each release is sent to each engine until the engine has
 * answered for good. "The site changed" means a new release, so the first trigger for the
 * running release submits; later ones, from anyone, submit nothing and get that release's
 * report, unless an engine has not yet answered for good (a 429, a timeout, a network or
 * server error), which a later trigger sends the release to again. The cooldown between
 * submissions stays as the floor that protects the engines, and triggers that arrive while
 * a submission runs share it.
 */
import { isFinal } from "./outcomes.ts";
import type { EngineReport } from "./submit.ts";

/** An engine's latest answer for this release, and when the submission it answered started. */
export interface Delivery extends EngineReport {
  readonly submittedAt: Date;
}

export interface TriggerResult {
  /** Each engine's latest answer for this release, in the order of the endpoints. */
  readonly deliveries: readonly Delivery[];
  /** When this release was first submitted. */
  readonly firstSubmittedAt: Date;
  /** What this trigger submitted, and for how long; undefined when it submitted nothing. */
  readonly submitted: { readonly endpoints: readonly string[]; readonly durationMs: number } | undefined;
  /** True when this trigger joined a submission another trigger had started. */
  readonly coalesced: boolean;
}

/** Thrown when an engine still waits for this release but the cooldown is on; nothing was submitted. */
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
  /** Every engine's endpoint, in the order reports list them. */
  readonly endpoints: readonly string[];
  /** Minimum gap between the starts of two submissions; 0 disables it. */
  readonly cooldownSeconds: number;
  /** Epoch milliseconds, as `Date.now`. */
  readonly clock: () => number;
}

/** Submits the release to `endpoints`; resolves with one report per endpoint. */
export type Submit = (endpoints: readonly string[], startedAt: Date) => Promise<readonly EngineReport[]>;

/** Triggers a submission (or resolves with the release's report); says what each engine last said. */
export interface ReleaseTrigger {
  (): Promise<TriggerResult>;
  /** Each engine's latest answer for this release, in the order of the endpoints; none before the first submission ends. */
  deliveries(): readonly Delivery[];
}

/**
 * The trigger for the running release.
 *
 * @example
 * const trigger = releaseTrigger(submitTo, { endpoints, cooldownSeconds: 300, clock: Date.now });
 * const { deliveries, submitted } = await trigger(); // or throws CooldownActive
 * trigger.deliveries(); // what each engine said last, without submitting
 */
export function releaseTrigger(submit: Submit, options: TriggerOptions): ReleaseTrigger {
  const latest = new Map<string, Delivery>();
  let firstSubmittedAt: Date | undefined;
  let lastStartedAt: Date | undefined;
  let inFlight: Promise<TriggerResult> | undefined;
  const cooldownMs = options.cooldownSeconds * 1000;

  const deliveries = () =>
    options.endpoints.map((endpoint) => latest.get(endpoint)).filter((d): d is Delivery => d !== undefined);

  async function submitNow(endpoints: readonly string[], startedAt: Date): Promise<TriggerResult> {
    const began = performance.now();
    const reports = await submit(endpoints, startedAt);
    for (const report of reports) latest.set(report.endpoint, { ...report, submittedAt: startedAt });
    return {
      deliveries: deliveries(),
      firstSubmittedAt: firstSubmittedAt as Date,
      submitted: { endpoints, durationMs: Math.round(performance.now() - began) },
      coalesced: false,
    };
  }

  async function trigger(): Promise<TriggerResult> {
    if (inFlight) return { ...(await inFlight), coalesced: true };
    const waiting = options.endpoints.filter((endpoint) => {
      const delivery = latest.get(endpoint);
      return delivery === undefined || !isFinal(delivery.outcome);
    });
    if (waiting.length === 0 && firstSubmittedAt) {
      return { deliveries: deliveries(), firstSubmittedAt, submitted: undefined, coalesced: false };
    }
    const now = new Date(options.clock());
    if (lastStartedAt && cooldownMs > 0) {
      const remainingMs = lastStartedAt.getTime() + cooldownMs - now.getTime();
      if (remainingMs > 0) throw new CooldownActive(Math.ceil(remainingMs / 1000), lastStartedAt);
    }
    lastStartedAt = now;
    firstSubmittedAt ??= now;
    const running = submitNow(waiting, now);
    inFlight = running;
    try {
      return await running;
    } finally {
      inFlight = undefined;
    }
  }
  return Object.assign(trigger, { deliveries });
}
