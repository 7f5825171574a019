/**
 * @module The contract of a thread: one post of the owner's, somewhere its replies are read
 * (Bluesky's AppView, the Mastodon server that has it). Its file says how to ask, what an
 * answer means and when an answer says the post is gone; the reader (`read.ts`) does the
 * rest, the same for both.
 */
import type { Reply, ReplyService } from "./reply.ts";

export interface Thread {
  readonly service: ReplyService;
  /** The id of the update of /now the post is of. */
  readonly update: string;
  /** The request for one read. */
  request(): Request;
  /**
   * The replies a 200's JSON body shows; throws `InvalidBody` (`lib/outbound/`) when the
   * body is not what the service sends.
   */
  replies(body: unknown): Reply[];
  /** Whether an answer that is not a 200 says the post is no more, and its replies with it. */
  gone(status: number, body: unknown): boolean;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An instant a service wrote, or undefined for one that is not. */
export function instant(value: unknown): Date | undefined {
  if (typeof value !== "string") return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
