/**
 * @module One IndexNow submission to one engine, bounded in time: one POST, one retry
 * after a short backoff for network errors and 5xx (never for a 4xx), and a deadline
 * that covers both attempts, so a slow or broken engine can never hold a caller.
 */
import { CONTENT_TYPE } from "../http/headers.ts";
import { type EngineOutcome, engineName, isRetryable, meaningOf } from "./outcomes.ts";

/** The protocol's JSON body (indexnow.org): every URL on `host`. */
export interface IndexNowPayload {
  readonly host: string;
  readonly key: string;
  readonly keyLocation: string;
  readonly urlList: readonly string[];
}

export interface EngineReport {
  readonly name: string;
  readonly endpoint: string;
  /** The engine's last HTTP status; null when it never answered. */
  readonly status: number | null;
  readonly outcome: EngineOutcome;
  readonly explanation: string;
  /** The engine's `Retry-After`, verbatim, when it answered 429. */
  readonly retryAfter?: string;
  readonly attempts: number;
  readonly durationMs: number;
}

export interface SubmitOptions {
  /** The whole budget for this engine, retry and backoff included. */
  readonly timeoutMs: number;
  /** Pause before the retry. @default 200, capped at a tenth of the budget */
  readonly backoffMs?: number;
}

type Attempt =
  | { kind: "status"; status: number; retryAfter: string | null }
  | { kind: "failed"; why: string };

/** A network error's cause, short and free of stack traces. */
function describe(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
}

async function attempt(endpoint: string, body: string, signal: AbortSignal): Promise<Attempt> {
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": CONTENT_TYPE.json, accept: "*/*" },
      body,
      signal,
      redirect: "manual",
    });
    // The status is all the protocol defines; don't wait for (or trust) a body.
    await response.body?.cancel().catch(() => {});
    return { kind: "status", status: response.status, retryAfter: response.headers.get("retry-after") };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return { kind: "failed", why: describe(error) };
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Submits `payload` to one engine and reports what it said. Never throws and never
 * takes (much) longer than `timeoutMs`.
 *
 * @example
 * const report = await submitToEngine("https://www.bing.com/indexnow", payload, { timeoutMs: 5000 });
 * report.outcome; // "accepted" for 200 or 202
 */
export async function submitToEngine(
  endpoint: string,
  payload: IndexNowPayload,
  options: SubmitOptions,
): Promise<EngineReport> {
  const started = performance.now();
  const body = JSON.stringify(payload);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const backoffMs = Math.min(options.backoffMs ?? 200, Math.floor(options.timeoutMs / 10));
  const base = { name: engineName(endpoint), endpoint };
  const elapsed = () => Math.round(performance.now() - started);
  let attempts = 0;
  let last: Attempt | undefined;
  try {
    for (; attempts < 2; ) {
      if (attempts > 0) await sleep(backoffMs, signal);
      attempts++;
      last = await attempt(endpoint, body, signal);
      if (last.kind === "status" && !isRetryable(last.status)) break;
    }
  } catch {
    const after = last?.kind === "status" ? ` (the first attempt got ${last.status})` : "";
    return {
      ...base,
      status: null,
      outcome: "timeout",
      explanation: `No answer within ${options.timeoutMs} ms${after}`,
      attempts,
      durationMs: elapsed(),
    };
  }
  if (last === undefined || last.kind === "failed") {
    return {
      ...base,
      status: null,
      outcome: "error",
      explanation: `Could not reach the engine on ${attempts} attempts: ${last?.why ?? "unknown error"}`,
      attempts,
      durationMs: elapsed(),
    };
  }
  const meaning = meaningOf(last.status);
  return {
    ...base,
    status: last.status,
    ...meaning,
    ...(last.status === 429 && last.retryAfter !== null ? { retryAfter: last.retryAfter } : {}),
    attempts,
    durationMs: elapsed(),
  };
}
