/**
 * How a door tells of its connections: a flood of refusals is counted one by one, and
 * logged in one line a second at most for each reason, which says how many.
 */
import { expect, test } from "bun:test";
import { refusalReporter } from "../../lib/doors/door/connection-log.ts";
import { doorMetrics } from "../../lib/doors/door/metrics.ts";
import { exposition } from "../../lib/metrics/exposition.ts";
import { Metrics } from "../../lib/metrics/registry.ts";
import { matching, samplesOf } from "../support/exposition.ts";
import { memoryLog } from "../support/log.ts";

test("a thousand refusals are a thousand counts and one log line, then one line a second with how many; another reason its own line", async () => {
  const log = memoryLog();
  const metrics = new Metrics();
  const metricsOf = doorMetrics(metrics, ["ssh", "finger"]);
  const refused = refusalReporter({ door: "finger", log, metrics: metricsOf("finger") });
  for (let i = 0; i < 1000; i++) refused("max");
  const counted = matching(samplesOf(exposition(metrics.families)), "site_door_connections_refused_total", {
    door: "finger",
    reason: "max",
  });
  expect(counted.map(({ value }) => value)).toEqual([1000]);
  expect(log.events.map(({ fields }) => fields)).toEqual([{ door: "finger", reason: "max", refused: 1 }]);
  refused("proxy_header", "no PROXY header in time");
  expect(log.events.at(-1)?.fields).toEqual({
    door: "finger",
    reason: "proxy_header",
    detail: "no PROXY header in time",
    refused: 1,
  });
  await Bun.sleep(1050);
  refused("max");
  expect(log.events.at(-1)?.fields).toEqual({ door: "finger", reason: "max", refused: 1000 });
});
