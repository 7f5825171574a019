/**
 * @module What the app counts of its answers: each one, where its access-log line is
 * written (`pipeline.ts`), by route pattern, method, status and client kind, and how long
 * it took. Labels come from short fixed lists, never from what a request says, so a
 * stranger's requests cannot grow the number of series: a path no route matched is
 * `unmatched`, a method outside the usual ones `other`.
 */
import type { Metrics } from "../metrics/registry.ts";
import type { ClientKind } from "./client-kind.ts";

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

export interface HttpMetrics {
  /** One answer: `route` is the route's pattern or `UNMATCHED_ROUTE`, never the raw path. */
  request(route: string, method: string, status: number, client: ClientKind, seconds: number): void;
}

/** Registers the answers' families in `metrics`. */
export function httpMetrics(metrics: Metrics): HttpMetrics {
  const requests = metrics.counter(
    "site_http_requests_total",
    "Answers given, by route pattern, method, status and client kind.",
    ["route", "method", "status", "client"],
  );
  const durations = metrics.histogram(
    "site_http_request_duration_seconds",
    "Time from a request's arrival to its answer leaving the app, by route pattern.",
    ["route"],
    DURATION_BUCKETS,
  );
  return {
    request(route, method, status, client, seconds) {
      requests.inc([route, METHOD_LABELS.has(method) ? method : "other", String(status), client]);
      durations.observe([route], seconds);
    },
  };
}
