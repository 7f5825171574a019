/**
 * @module The heartbeat in the health-check format of draft-inadarei-api-health-check
 * (`application/health+json`): `pass`, `warn` or `fail`, the version and the release,
 * and a check for each thing the answers depend on: the uptime, each live source (how
 * old what it shows is, and its last error), and the last IndexNow submission of the
 * release to each engine. A source that is stale or failing is a `warn`, answered 200 like
 * a `pass`: the site still answers, with what it has. `fail` (503) is a server draining
 * after SIGTERM. docs/health.md has the format, key by key.
 */
import { Type as t } from "@sinclair/typebox";
import { siteApiName } from "../docs/document.ts";
import type { Delivery } from "../indexnow/trigger.ts";
import type { SourceHealth } from "../live/feed.ts";
import type { Site } from "../site.ts";

export type HealthStatus = "pass" | "warn" | "fail";

/** The HTTP status each health status is answered with, as the draft asks: 2xx for pass and warn, 5xx for fail. */
export const HEALTH_HTTP_STATUS: Readonly<Record<HealthStatus, 200 | 503>> = {
  pass: 200,
  warn: 200,
  fail: 503,
};

/** What an engine's outcome makes of its check: anything but accepted needs a look, or a retry. */
const ENGINE_STATUS: Readonly<Record<Delivery["outcome"], HealthStatus>> = {
  accepted: "pass",
  rejected: "warn",
  rate_limited: "warn",
  timeout: "warn",
  error: "warn",
};

/** One item of a check: the draft's keys, and a few of ours (its section 4.10 allows them). */
export interface CheckItem {
  readonly componentId?: string;
  readonly componentType: "system" | "component";
  readonly observedValue: number | string | null;
  readonly observedUnit?: string;
  readonly status: HealthStatus;
  readonly time: string;
  readonly output?: string;
  readonly [key: string]: unknown;
}

export interface Health {
  readonly status: HealthStatus;
  readonly version: string;
  readonly releaseId: string;
  readonly serviceId: string;
  readonly description: string;
  readonly output?: string;
  readonly checks: Readonly<Record<string, readonly CheckItem[]>>;
}

const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));

/** A live source's check: seconds since a read confirmed what it shows, and what went wrong last. */
function sourceCheck(health: SourceHealth, at: Date): CheckItem {
  return {
    componentType: "system",
    observedValue: health.readAt ? seconds(at.getTime() - health.readAt.getTime()) : null,
    observedUnit: "s",
    status: health.status,
    time: at.toISOString(),
    ...(health.output !== undefined && { output: health.output }),
    ...(health.readAt && { readAt: health.readAt.toISOString() }),
    ...(health.lastRead && {
      lastReadAt: health.lastRead.at.toISOString(),
      lastOutcome: health.lastRead.outcome,
    }),
  };
}

/** An engine's check: its latest answer to this release. */
function engineCheck(delivery: Delivery, release: string): CheckItem {
  const status = ENGINE_STATUS[delivery.outcome];
  return {
    componentId: delivery.name,
    componentType: "system",
    observedValue: delivery.outcome,
    status,
    time: delivery.submittedAt.toISOString(),
    ...(status !== "pass" && { output: delivery.explanation }),
    httpStatus: delivery.status,
    release,
  };
}

/** The health of the site as it stands at `at`. */
export function healthOf(site: Site, at: Date): Health {
  const sources = site.live.health();
  const checks: Record<string, CheckItem[]> = {
    uptime: [
      {
        ...(site.config.fly && { componentId: site.config.fly.machineId }),
        componentType: "system",
        observedValue: seconds(at.getTime() - site.startedAt.getTime()),
        observedUnit: "s",
        status: "pass",
        time: at.toISOString(),
      },
    ],
  };
  for (const source of sources) checks[`${source.source}:age`] = [sourceCheck(source, at)];
  const release = site.indexNow.release;
  const deliveries = site.indexNow.notReady ? [] : site.indexNow.trigger.deliveries();
  if (deliveries.length > 0) checks["indexnow:submission"] = deliveries.map((d) => engineCheck(d, release));

  const items = Object.values(checks).flat();
  const problems = Object.entries(checks).flatMap(([key, list]) =>
    list.flatMap((item) =>
      item.output ? [`${key}${item.componentId ? ` ${item.componentId}` : ""}: ${item.output}`] : [],
    ),
  );
  const draining = site.lifecycle.draining;
  const status: HealthStatus = draining
    ? "fail"
    : items.some((item) => item.status !== "pass")
      ? "warn"
      : "pass";
  const output = [...(draining ? ["draining: the server is shutting down"] : []), ...problems].join("; ");
  return {
    status,
    version: site.version,
    releaseId: release,
    serviceId: new URL(site.config.siteUrl).host,
    description: siteApiName(site.content.profile),
    ...(status !== "pass" && output && { output }),
    checks,
  };
}

/** The format as a schema, for the OpenAPI document. */
export const healthSchema = () => {
  const status = (description?: string) =>
    t.Union([t.Literal("pass"), t.Literal("warn"), t.Literal("fail")], description ? { description } : {});
  const item = t.Object(
    {
      componentId: t.Optional(t.String({ description: "Which one: the machine (on Fly.io), the engine" })),
      componentType: t.Union([t.Literal("system"), t.Literal("component")]),
      observedValue: t.Union([t.Number(), t.String(), t.Null()], {
        description: "Seconds (`uptime`, `<source>:age`), or an engine's outcome; null before the first read",
      }),
      observedUnit: t.Optional(t.String({ description: "`s`: seconds" })),
      status: status(),
      time: t.String({ format: "date-time", description: "When this was observed" }),
      output: t.Optional(t.String({ description: "What is wrong, for warn and fail" })),
    },
    { additionalProperties: true },
  );
  return t.Object(
    {
      status: status("pass and warn answer 200, fail 503 (the server is draining)"),
      version: t.String({ description: "The running version" }),
      releaseId: t.String({ description: "The running release: the version and a digest of the content" }),
      serviceId: t.String({ description: "The site's host" }),
      description: t.String(),
      output: t.Optional(t.String({ description: "Every check's problem, for warn and fail" })),
      checks: t.Record(t.String(), t.Array(item), {
        description:
          "`uptime`; `<source>:age` for each live source (`github:age`); `indexnow:submission`, " +
          "one item per engine, once this machine has submitted the release",
      }),
    },
    { description: "draft-inadarei-api-health-check, `application/health+json`" },
  );
};
