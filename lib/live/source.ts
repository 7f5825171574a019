/**
 * @module The contract of a live source: somewhere the owner's latest activity is read
 * from over HTTP (GitHub's public events, Last.fm's recent tracks). A source's file says
 * which variables it reads, how to ask and what an answer means; the reader (`read.ts`)
 * does the rest, the same for every source: the conditional request, the timeout, the
 * limits, the outcome. A line in `sources.ts` adds it to the site.
 */
import type { Content } from "../content/site-content.ts";
import type { Env, VariableHelp } from "../runtime/env.ts";
import { onOneLine } from "../utils/one-line-text.ts";

/** Something the owner did, or does, as answers show it. */
export interface Activity {
  /** `pushed to ada-example/engine`: a phrase with no time in it, the age is added when shown. */
  readonly text: string;
  /** Where to see it. */
  readonly url: string;
  /** When it happened; for what goes on (`ongoing`), since when it has, as far as the reads saw. */
  readonly happenedAt: Date;
  /** It goes on as of the read (a track playing now): answers show it without an age. */
  readonly ongoing?: boolean;
}

/**
 * What a source tells of the owner, and so where answers show it: `activity`, what they
 * did (`/api/now`'s `activity`, `%a`), or `listening`, the music they play (`listening`, `%m`).
 */
export type SourceKind = "activity" | "listening";

export interface LiveSource {
  /** `github`: the metrics' `source` label and the health check's component; a-z only. */
  readonly id: string;
  /** `GitHub`: what answers call it. */
  readonly name: string;
  readonly kind: SourceKind;
  /** The request for one read; `etag` is the validator of the last answer that had a body. */
  request(etag: string | undefined): Request;
  /**
   * The latest activity a 200's JSON body shows, or null when it shows none; `at` is when
   * the answer came (epoch milliseconds). Throws `InvalidBody` (`lib/outbound/`) when the
   * body is not what the source sends. Reads of one source never overlap: a source may remember what earlier
   * answers said, as Last.fm's does of how long a track has been "now playing".
   */
  latest(body: unknown, at: number): Activity | null;
  /**
   * What an answer that is not a 200 says went wrong, from its JSON body, in a few words
   * (`Last.fm error 10: Invalid API key`); undefined when it says nothing. A source whose
   * errors say more than their status has one; the health check and the log show it.
   */
  problem?(body: unknown): string | undefined;
}

/** What a source is made from for an owner: their content, and how this site names itself. */
export interface SourceSetup {
  readonly content: Content;
  /** Sent as `User-Agent`, which GitHub requires and Last.fm asks for: the site and its version. */
  readonly userAgent: string;
}

/** The source for an owner, or undefined when there is nothing of theirs to read there. */
export type OwnerSource = (setup: SourceSetup) => LiveSource | undefined;

/** A source as its file declares it: the variables it reads, and what they make of it. */
export interface SourceDefinition {
  /** Its variables, for the server's `--help`: their names, and what they say in a sentence. */
  readonly help: VariableHelp;
  /** Reads its variables at start-up (a bad one is a `ConfigError` naming it), and returns the source they make. */
  configure(env: Env): OwnerSource;
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
