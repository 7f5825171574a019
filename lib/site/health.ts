/**
 * @module The heartbeat in the health-check format of draft-inadarei-api-health-check
 * (`application/health+json`): `pass`, `warn` or `fail`, the version and the release,
 * the uptime, and every feature's checks (each live source's age, the last IndexNow
 * submission to each engine). A check that is not a `pass` makes the whole a `warn`,
 * answered 200 like a `pass`: the site still answers, with what it has. `fail` (503) is a
 * server draining after SIGTERM. docs/health.md has the format, key by key.
 */
import { Type as t } from "@sinclair/typebox";

export type HealthStatus = "pass" | "warn" | "fail";

/** The HTTP status each health status is answered with, as the draft asks: 2xx for pass and warn, 5xx for fail. */
export const HEALTH_HTTP_STATUS: Readonly<Record<HealthStatus, 200 | 503>> = {
  pass: 200,
  warn: 200,
  fail: 503,
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

/** Checks by their key, `component:measurement` (`github:age`), each a list of items. */
export type HealthChecks = Readonly<Record<string, readonly CheckItem[]>>;

export interface Health {
  readonly status: HealthStatus;
  readonly version: string;
  readonly releaseId: string;
  readonly serviceId: string;
  readonly description: string;
  readonly output?: string;
  readonly checks: HealthChecks;
}

/** The heartbeat's health, as `/api/ping` answers it. */
export interface SiteHealth {
  /** The health at `at`: the uptime, whether the server drains, every feature's checks. */
  at(at: Date): Health;
  /** What each check's key is, in words, for the schema: `uptime`, then each feature's. */
  readonly keys: readonly string[];
}

/** What the heartbeat says of the site whatever its features: who it is, and since when it runs. */
export interface HealthSubject {
  readonly version: string;
  readonly release: string;
  /** The site's host. */
  readonly serviceId: string;
  /** The API's name. */
  readonly description: string;
  readonly startedAt: Date;
  /** On Fly.io, the machine: the uptime's component. */
  readonly machineId: string | undefined;
  readonly draining: () => boolean;
}

/** A part of the heartbeat beside the uptime: a feature's checks, and their keys in words. */
export interface HealthPart {
  readonly keys: string;
  check(at: Date): HealthChecks;
}

/** Whole seconds from a duration in milliseconds; never negative. */
export const seconds = (ms: number): number => Math.max(0, Math.floor(ms / 1000));

/**
 * The heartbeat of `subject`, with `parts`' checks after the uptime: the features', each
 * added as it is set up, which is before anyone asks.
 */
export function siteHealth(subject: HealthSubject, parts: readonly HealthPart[]): SiteHealth {
  return {
    get keys() {
      return ["`uptime`", ...parts.map(({ keys }) => keys)];
    },
    at(at) {
      const checks: Record<string, readonly CheckItem[]> = {
        uptime: [
          {
            ...(subject.machineId && { componentId: subject.machineId }),
            componentType: "system",
            observedValue: seconds(at.getTime() - subject.startedAt.getTime()),
            observedUnit: "s",
            status: "pass",
            time: at.toISOString(),
          },
        ],
      };
      for (const part of parts) Object.assign(checks, part.check(at));
      const items = Object.values(checks).flat();
      const problems = Object.entries(checks).flatMap(([key, list]) =>
        list.flatMap((item) =>
          item.output ? [`${key}${item.componentId ? ` ${item.componentId}` : ""}: ${item.output}`] : [],
        ),
      );
      const draining = subject.draining();
      const status: HealthStatus = draining
        ? "fail"
        : items.some((item) => item.status !== "pass")
          ? "warn"
          : "pass";
      const output = [...(draining ? ["draining: the server is shutting down"] : []), ...problems].join("; ");
      return {
        status,
        version: subject.version,
        releaseId: subject.release,
        serviceId: subject.serviceId,
        description: subject.description,
        ...(status !== "pass" && output && { output }),
        checks,
      };
    },
  };
}

/** The format as a schema, for the OpenAPI document; `keys` says what each check's key is. */
export const healthSchema = (keys: readonly string[]) => {
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
      checks: t.Record(t.String(), t.Array(item), { description: keys.join("; ") }),
    },
    { description: "draft-inadarei-api-health-check, `application/health+json`" },
  );
};
