/**
 * @module One read of a live source: a conditional request (`If-None-Match` with the last
 * validator), bounded as every read of another service is (`lib/outbound/`), and what the
 * source asks about the next read: GitHub's `X-Poll-Interval` on any answer, and a rate
 * limit's end when it says it is limited. It never throws: every ending is an outcome,
 * from a short table, and what it says of one never holds a credential, not even one a
 * source sends in its URL (Last.fm's key).
 */
import { boundedFetch, jsonBody, jsonIfAny } from "../outbound/bounded-fetch.ts";
import { FAILED_READS, type FailedRead, failedRead, refusedRead } from "../outbound/read-outcomes.ts";
import { shownText } from "../utils/shown-text.ts";
import type { Activity, LiveSource } from "./source.ts";

/** Every way a read ends, and whether what the answers show was confirmed by it. */
export const READ_OUTCOMES = {
  updated: { confirmed: true, meaning: "200: the body was read, and is what is shown now" },
  not_modified: { confirmed: true, meaning: "304: nothing new since the last body" },
  ...FAILED_READS,
} as const;

export type ReadOutcome = keyof typeof READ_OUTCOMES;
export const OUTCOMES = Object.keys(READ_OUTCOMES) as ReadOutcome[];

export type ReadResult =
  | FailedRead
  | {
      readonly outcome: "updated" | "not_modified";
      readonly status: number;
      /** On `updated`: the latest activity the body shows, or null for none. */
      readonly activity?: Activity | null;
      /** On `updated`: the body's validator, for the next read's `If-None-Match`. */
      readonly etag?: string;
      /** Epoch milliseconds before which the source asks not to be read again. */
      readonly notBefore?: number;
      readonly error?: undefined;
    };

export interface ReadOptions {
  readonly timeoutMs: number;
  /** Epoch milliseconds, as `Date.now`. */
  readonly clock: () => number;
}

/** GitHub's `X-Poll-Interval`: the least time it asks between two reads, on every answer. */
function pollInterval(headers: Headers, now: number): { notBefore?: number } {
  const value = headers.get("x-poll-interval")?.trim();
  return value && /^\d{1,10}$/.test(value) ? { notBefore: now + Number(value) * 1000 } : {};
}

/** `result`, read no sooner than the poll interval asks too. */
function notSooner<R extends ReadResult>(result: R, { notBefore }: { notBefore?: number }): R {
  return notBefore === undefined || (result.notBefore ?? 0) >= notBefore ? result : { ...result, notBefore };
}

/** What the source makes of an error answer's JSON body, when it reads them: ` (Last.fm error 10: …)`. */
async function explained(source: LiveSource, response: Response): Promise<string> {
  if (!source.problem) {
    await response.body?.cancel();
    return "";
  }
  const body = await jsonIfAny(response);
  try {
    const problem = body === undefined ? undefined : source.problem(body);
    return problem ? `: ${shownText(problem, 120)}` : "";
  } catch {
    return "";
  }
}

/** Reads `source` once, asking only for what changed since `etag`. */
export async function readSource(
  source: LiveSource,
  etag: string | undefined,
  { timeoutMs, clock }: ReadOptions,
): Promise<ReadResult> {
  let response: Response;
  try {
    response = await boundedFetch(source.request(etag), timeoutMs);
  } catch (error) {
    return failedRead(error, timeoutMs);
  }
  const now = clock();
  const { status } = response;
  // Heeded on any answer, a body that cannot be read included.
  const poll = pollInterval(response.headers, now);
  try {
    if (status === 304) {
      await response.body?.cancel();
      return { outcome: "not_modified", status, ...poll };
    }
    if (status !== 200) return notSooner(refusedRead(response, now, await explained(source, response)), poll);
    const activity = source.latest(await jsonBody(response), now);
    const validator = response.headers.get("etag") ?? undefined;
    return { outcome: "updated", status, activity, ...(validator && { etag: validator }), ...poll };
  } catch (error) {
    return notSooner(failedRead(error, timeoutMs), poll);
  }
}
