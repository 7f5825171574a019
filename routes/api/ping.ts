/**
 * GET /api/ping: the heartbeat. JSON for monitors; the health-check format
 * (`application/health+json`) for monitors that ask for it, with a check for each thing
 * the answers depend on; for a person at a terminal, a small status card with the uptime,
 * the owner's local time and what to try next.
 */

import { Type as t } from "@sinclair/typebox";
import { nameParts } from "../../lib/content/name-parts.ts";
import { exampleReleaseId } from "../../lib/docs/examples.ts";
import { jsonBody, ok, textBody } from "../../lib/docs/responses.ts";
import { wantsHealth } from "../../lib/http/client-kind.ts";
import { CACHE_CONTROL, CONTENT_TYPE } from "../../lib/http/headers.ts";
import { PreparedJson, uncachedJson } from "../../lib/http/prepared-response.ts";
import { renderStatusCard } from "../../lib/profile/ansi/index.ts";
import { curlCommand } from "../../lib/profile/model/layout.ts";
import { formatDuration, ownerLocalTime } from "../../lib/profile/model/owner-time.ts";
import { liveText } from "../../lib/profile/text-answer.ts";
import { switchParameters } from "../../lib/profile/text-switches.ts";
import { HEALTH_HTTP_STATUS, healthSchema } from "../../lib/site/health.ts";
import { defineRoute, type Site, siteApiName } from "../../lib/site/site.ts";
import { Cache } from "../../lib/utils/cache.ts";

const heartbeatSchema = () =>
  t.Object({
    pong: t.Literal(true),
    status: t.Literal("ok", { description: "Always ok while the process answers" }),
    version: t.String({ description: "The running release" }),
    uptimeSeconds: t.Integer({ minimum: 0 }),
    serverTime: t.String({ format: "date-time", description: "UTC, ISO 8601" }),
    machine: t.Optional(t.String({ description: "On Fly.io: the machine that answered (`FLY_MACHINE_ID`)" })),
    region: t.Optional(t.String({ description: "On Fly.io: the region it runs in (`FLY_REGION`)" })),
  });

const jsonExample = ({ version }: Site) => ({
  pong: true,
  status: "ok",
  version,
  uptimeSeconds: 4521,
  serverTime: "2026-11-21T14:05:09.000Z",
});

/** The format's answer while the GitHub source fails: still 200. */
const healthExample = ({ version, config, content }: Site, status: "warn" | "fail") => ({
  status,
  version,
  releaseId: exampleReleaseId(version),
  serviceId: new URL(config.siteUrl).host,
  description: siteApiName(content.profile),
  output:
    status === "fail"
      ? "draining: the server is shutting down"
      : "github:age: the latest read, 2026-11-21T14:05:09.000Z: no whole answer within 5000 ms",
  checks: {
    uptime: [
      {
        componentType: "system",
        observedValue: 4521,
        observedUnit: "s",
        status: "pass",
        time: "2026-11-21T14:05:09.000Z",
      },
    ],
    "github:age": [
      {
        componentType: "system",
        observedValue: 1380,
        observedUnit: "s",
        status: "warn",
        time: "2026-11-21T14:05:09.000Z",
        output: "the latest read, 2026-11-21T14:05:09.000Z: no whole answer within 5000 ms",
        readAt: "2026-11-21T13:42:09.000Z",
        lastReadAt: "2026-11-21T14:05:09.000Z",
        lastOutcome: "timeout",
      },
    ],
  },
});

const textExample = ({ config }: Site) => `
  ● ${new URL(config.siteUrl).host} is up: pong

  status       ok
  uptime       1h 15m 21s
  ...
`;

export const GET = defineRoute({
  detail: {
    summary: "Heartbeat",
    description:
      "For monitors: `pong`, status, version, uptime and server time as JSON, and on Fly.io " +
      "the machine and region that answered; that status is `ok` while the process answers. " +
      "`Accept: application/health+json` gets the health-check format " +
      "(draft-inadarei-api-health-check) instead: `pass`, `warn` (a live source stale or " +
      "failing, an engine that has not accepted the release) or `fail` (the server is draining), " +
      "with a check for the uptime, each live source and each IndexNow engine. A terminal " +
      "client (curl, wget, HTTPie, ...) gets a status card as text instead, which takes the " +
      "switches of text answers (`?nocolor`, `?width=`, `?help`, ...). Never cached.",
    tags: ["status"],
    parameters: switchParameters(),
    responses: (site) => ({
      200: ok("The service is up: the heartbeat, or the health-check format's `pass` or `warn`", {
        ...jsonBody(heartbeatSchema(), jsonExample(site)),
        ...jsonBody(healthSchema(site.health.keys), healthExample(site, "warn"), CONTENT_TYPE.health),
        ...textBody(textExample(site)),
      }),
      503: ok(
        "The health-check format's `fail`: the server is draining after SIGTERM",
        jsonBody(healthSchema(site.health.keys), healthExample(site, "fail"), CONTENT_TYPE.health),
      ),
    }),
  },
  setup(site) {
    const { siteUrl } = site.config;
    const host = new URL(siteUrl).host;
    const { location } = site.content.profile;
    const addressed = nameParts(site.content.profile).given;
    const suggestions = [
      { command: `curl ${siteUrl}`, why: `${addressed}'s profile, in colour` },
      ...site.routes
        .filter(({ method, featured }) => method === "GET" && featured)
        .map(({ method, examplePath, summary, streams }) => ({
          command: curlCommand(siteUrl, method, examplePath, streams),
          why: summary,
        })),
      // Quoted: zsh reads an unquoted `?` as a pattern.
      { command: `curl '${siteUrl}/?help'`, why: "colour, theme and width switches" },
    ];
    const { fly } = site.config;
    const uptimeAt = (at: Date) => Math.floor((at.getTime() - site.startedAt.getTime()) / 1000);
    /** The heartbeat at `at`. */
    const heartbeat = (at: Date) => ({
      pong: true,
      status: "ok",
      version: site.version,
      uptimeSeconds: uptimeAt(at),
      serverTime: at.toISOString(),
      ...(fly && { machine: fly.machineId, region: fly.region }),
    });
    // The heartbeat and the card show the time to the second: each built at most once a second.
    const beats = new Cache<PreparedJson>({ every: { ms: 1000, clock: site.clock } });
    const statusCard = liveText(
      {
        intervalMs: 1000,
        clock: site.clock,
        cacheControl: CACHE_CONTROL.noStore,
        url: `${site.config.siteUrl}/api/ping`,
      },
      ({ width, style }, at) =>
        renderStatusCard(
          {
            site: host,
            status: "ok",
            version: site.version,
            uptime: formatDuration(uptimeAt(at)),
            serverTime: at.toISOString().replace(/\.\d+Z$/, "Z"),
            owner: addressed,
            ownerTime: ownerLocalTime(at, location.timezone),
            ownerTimeZone: location.timezone,
            suggestions,
          },
          width,
          style,
        ),
    );
    return function ping({ client, request }) {
      if (wantsHealth(request)) {
        // Built per request: it says what each check is at this instant, and monitors ask rarely.
        const health = site.health.at(new Date(site.clock()));
        return uncachedJson(health, {
          pretty: client.prettyJson,
          status: HEALTH_HTTP_STATUS[health.status],
          contentType: CONTENT_TYPE.health,
        });
      }
      if (client.wants === "text") return statusCard(request);
      const beat = beats.get(
        "heartbeat",
        (at) => new PreparedJson(heartbeat(at), { cacheControl: CACHE_CONTROL.noStore, etag: false }),
      );
      return beat.respond(client, request);
    };
  },
});
