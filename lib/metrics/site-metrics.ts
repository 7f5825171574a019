/**
 * @module What the app counts: every answer, where its access-log line is written
 * (`lib/http/pipeline.ts`), every IndexNow submission, where its event is logged
 * (`lib/indexnow/service.ts`), every read of a live source (`lib/live/feed.ts`), and the
 * streams open and ended (`lib/streams/`). Labels come from short fixed lists, never from what a
 * request says, so a stranger's requests cannot grow the number of series: a path no
 * route matched is `unmatched`, a method outside the usual ones `other`.
 */
import {
  DOOR_LIMITS,
  DOORS,
  type Door,
  type DoorLimit,
  SESSION_ENDINGS,
  type SessionEnding,
} from "../doors/door-words.ts";
import type { ClientKind } from "../http/client-kind.ts";
import { OVERALL_OUTCOMES, type SubmissionReport } from "../indexnow/submission.ts";
import { OUTCOMES, READ_OUTCOMES, type ReadOutcome } from "../live/read.ts";
import { STREAM_ENDINGS, STREAM_KINDS, type StreamEnding, type StreamKind } from "../streams/stream-kinds.ts";
import { Counter, Gauge, Histogram, type MetricFamily } from "./exposition.ts";

/** The route label of a request no route matched: 404s, 405s and preflights. */
export const UNMATCHED_ROUTE = "unmatched";

/** The route label of a request whose error escaped the app, answered by the server itself. */
export const SERVER_ROUTE = "server";

/** Methods labelled as they are; any other is `other`. */
const METHOD_LABELS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Upper bounds of the latency buckets, in seconds: most answers are prepared and leave in
 * well under a millisecond; the IndexNow trigger waits for the engines, up to seconds.
 */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

export interface SiteMetrics {
  /** One answer: `route` is the route's pattern or `UNMATCHED_ROUTE`, never the raw path. */
  request(route: string, method: string, status: number, client: ClientKind, seconds: number): void;
  /** One IndexNow submission, with what each engine said. */
  indexNowSubmission(report: SubmissionReport): void;
  /** One read of a live source (`github`), and how it ended, at `at` (epoch milliseconds). */
  liveRead(source: string, outcome: ReadOutcome, at: number): void;
  /** Makes every outcome of `source`'s reads a series at 0: a configured source, before its first read. */
  liveSource(source: string): void;
  /** A stream (a live view, an event stream) opened. */
  streamOpened(kind: StreamKind): void;
  /** A stream ended, and why. */
  streamEnded(kind: StreamKind, ending: StreamEnding): void;
  /** A session opened at a door (SSH, finger). */
  doorOpened(door: Door): void;
  /** A session at a door ended, and why. */
  doorEnded(door: Door, ending: SessionEnding): void;
  /** A connection to a door refused by a limit. */
  doorRefused(door: Door, limit: DoorLimit): void;
  /** The families, for the exposition. */
  readonly families: readonly MetricFamily[];
}

export function siteMetrics(): SiteMetrics {
  const requests = new Counter(
    "site_http_requests_total",
    "Answers given, by route pattern, method, status and client kind.",
    ["route", "method", "status", "client"],
  );
  const durations = new Histogram(
    "site_http_request_duration_seconds",
    "Time from a request's arrival to its answer leaving the app, by route pattern.",
    ["route"],
    DURATION_BUCKETS,
  );
  const submissions = new Counter(
    "site_indexnow_submissions_total",
    "IndexNow submissions, by overall outcome: accepted, partial or failed.",
    ["outcome"],
  );
  const engineResults = new Counter(
    "site_indexnow_engine_results_total",
    "What each IndexNow engine made of a submission, by engine and outcome.",
    ["engine", "outcome"],
  );
  for (const outcome of OVERALL_OUTCOMES) submissions.inc([outcome], 0);
  const reads = new Counter(
    "site_live_reads_total",
    "Reads of a live source (the owner's activity), by source and how each ended.",
    ["source", "outcome"],
  );
  const confirmedAt = new Map<string, number>();
  const lastConfirmed = new Gauge(
    "site_live_last_confirmed_timestamp_seconds",
    "When a read last confirmed what is shown of a live source (a 200 or a 304), in Unix seconds.",
    ["source"],
    () => [...confirmedAt].map(([source, at]) => [[source], at / 1000] as const),
  );

  const open = new Map<StreamKind, number>(STREAM_KINDS.map((kind) => [kind, 0]));
  const openStreams = new Gauge(
    "site_open_streams",
    "Streams open now (the live view, the event stream), by kind.",
    ["kind"],
    () => [...open].map(([kind, count]) => [[kind], count] as const),
  );
  const streamsEnded = new Counter(
    "site_streams_ended_total",
    "Streams ended, by kind and why: the client left, it read too slowly, its time was up, the server stopped, or writing failed.",
    ["kind", "ending"],
  );
  for (const kind of STREAM_KINDS) for (const ending of STREAM_ENDINGS) streamsEnded.inc([kind, ending], 0);

  const doorsOpen = new Map<Door, number>(DOORS.map((door) => [door, 0]));
  const doorSessions = new Gauge(
    "site_door_sessions",
    "Sessions open now at the doors beside HTTP (ssh, finger), by door.",
    ["door"],
    () => [...doorsOpen].map(([door, count]) => [[door], count] as const),
  );
  const doorSessionsEnded = new Counter(
    "site_door_sessions_ended_total",
    "Sessions ended at the doors beside HTTP, by door and why: the visitor left, it was answered, it went idle, " +
      "its time was up, the server stopped, it was too late, too slow or too long.",
    ["door", "ending"],
  );
  const doorRefusals = new Counter(
    "site_door_refusals_total",
    "Connections to a door refused by a limit: all its slots taken (max) or the client's share (per_client).",
    ["door", "limit"],
  );
  for (const door of DOORS) {
    for (const ending of SESSION_ENDINGS) doorSessionsEnded.inc([door, ending], 0);
    for (const limit of DOOR_LIMITS) doorRefusals.inc([door, limit], 0);
  }

  return {
    request(route, method, status, client, seconds) {
      requests.inc([route, METHOD_LABELS.has(method) ? method : "other", String(status), client]);
      durations.observe([route], seconds);
    },
    indexNowSubmission(report) {
      submissions.inc([report.outcome]);
      for (const { name, outcome } of report.engines) engineResults.inc([name, outcome]);
    },
    liveRead(source, outcome, at) {
      reads.inc([source, outcome]);
      if (READ_OUTCOMES[outcome].confirmed) confirmedAt.set(source, at);
    },
    liveSource(source) {
      for (const outcome of OUTCOMES) reads.inc([source, outcome], 0);
    },
    streamOpened(kind) {
      open.set(kind, (open.get(kind) ?? 0) + 1);
    },
    streamEnded(kind, ending) {
      open.set(kind, (open.get(kind) ?? 1) - 1);
      streamsEnded.inc([kind, ending]);
    },
    doorOpened(door) {
      doorsOpen.set(door, (doorsOpen.get(door) ?? 0) + 1);
    },
    doorEnded(door, ending) {
      doorsOpen.set(door, (doorsOpen.get(door) ?? 1) - 1);
      doorSessionsEnded.inc([door, ending]);
    },
    doorRefused(door, limit) {
      doorRefusals.inc([door, limit]);
    },
    families: [
      requests,
      durations,
      submissions,
      engineResults,
      reads,
      lastConfirmed,
      openStreams,
      streamsEnded,
      doorSessions,
      doorSessionsEnded,
      doorRefusals,
    ],
  };
}
