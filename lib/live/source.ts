/**
 * @module The contract of a live source: somewhere the owner's latest activity is read
 * from over HTTP (GitHub's public events; last.fm's recent tracks would be another). A
 * source says how to ask and what an answer means; the reader (`read.ts`) does the rest,
 * the same for every source: the conditional request, the timeout, the limits, the outcome.
 */
import type { Content } from "../content/site-content.ts";
import { onOneLine } from "../one-line-text.ts";
import type { LiveConfig } from "./config.ts";

/** Something the owner did, as answers show it. */
export interface Activity {
  /** `pushed to ada-example/engine`: a phrase with no time in it, the age is added when shown. */
  readonly text: string;
  /** Where to see it. */
  readonly url: string;
  readonly happenedAt: Date;
}

export interface LiveSource {
  /** `github`: the metrics' `source` label and the health check's component; a-z only. */
  readonly id: string;
  /** `GitHub`: what answers call it. */
  readonly name: string;
  /** The request for one read; `etag` is the validator of the last answer that had a body. */
  request(etag: string | undefined): Request;
  /**
   * The latest activity a 200's JSON body shows, or null when it shows none. Throws
   * `InvalidBody` when the body is not what the source sends.
   */
  latest(body: unknown): Activity | null;
}

/** What a source is made from: the variables, the content, and how this site names itself. */
export interface SourceSetup {
  readonly config: LiveConfig;
  readonly content: Content;
  /** Sent as `User-Agent`, which GitHub requires: the site and its version. */
  readonly userAgent: string;
}

/** A body that parsed as JSON but is not what the source sends. */
export class InvalidBody extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidBody";
  }
}

/**
 * Text from a source made fit to show: on one line (`onOneLine`: a terminal must never get
 * an escape code or a bidirectional control from a stranger's release name), spaces
 * collapsed, and at most `max` characters.
 */
export function shownText(text: string, max = 80): string {
  const clean = onOneLine(text).replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
