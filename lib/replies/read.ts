/**
 * @module One read of a thread, bounded as every read of another service is
 * (`lib/outbound/`): one deadline for the answer and its body, the body's size capped, no
 * redirect followed, and a rate limit's end heeded when the service says it is limited.
 * It never throws: every ending is an outcome from a short table, and what it says of one
 * quotes neither the body nor the request's query.
 */
import { boundedFetch, jsonBody, jsonIfAny } from "../outbound/bounded-fetch.ts";
import { FAILED_READS, type FailedRead, failedRead, refusedRead } from "../outbound/read-outcomes.ts";
import type { Reply } from "./reply.ts";
import type { Thread } from "./thread.ts";

/** Every way a read ends, and whether what is shown of the thread was confirmed by it. */
export const READ_OUTCOMES = {
  updated: { confirmed: true, meaning: "200: the replies were read, and are what is shown now" },
  gone: { confirmed: true, meaning: "the post is no more (a 404, Bluesky's NotFound): no reply is shown" },
  ...FAILED_READS,
} as const;

export type ReadOutcome = keyof typeof READ_OUTCOMES;
export const OUTCOMES = Object.keys(READ_OUTCOMES) as ReadOutcome[];

export type ThreadRead =
  | FailedRead
  | {
      readonly outcome: "updated" | "gone";
      readonly status: number;
      /** Every reply the thread has now. */
      readonly replies: readonly Reply[];
      readonly notBefore?: undefined;
      readonly error?: undefined;
    };

/** Reads `thread` once. */
export async function readThread(
  thread: Thread,
  { timeoutMs, clock }: { readonly timeoutMs: number; readonly clock: () => number },
): Promise<ThreadRead> {
  try {
    const response = await boundedFetch(thread.request(), timeoutMs);
    const { status } = response;
    if (status === 200)
      return { outcome: "updated", status, replies: thread.replies(await jsonBody(response)) };
    const body = await jsonIfAny(response);
    if (thread.gone(status, body)) return { outcome: "gone", status, replies: [] };
    return refusedRead(response, clock());
  } catch (error) {
    return failedRead(error, timeoutMs);
  }
}
