/**
 * @module One trigger for the whole app on Fly.io. The cooldown and coalescing live in
 * one process, so every trigger goes to one machine, the coordinator: the lowest id in
 * the primary region (`lib/fleet/machines.ts`). Any other machine answers with
 * `fly-replay: instance=<coordinator>`, and Fly's proxy replays the request there,
 * starting the machine first if auto-stop stopped it
 * (https://fly.io/docs/networking/dynamic-request-routing/). Off Fly, every process is
 * its own coordinator.
 *
 * When the coordinator cannot be reached (the replay timed out, or the machine is gone
 * before the DNS record says so), the proxy sends the request back here with
 * `fly-replay-failed`, and the answer is a 504 with nothing submitted: a second machine
 * submitting on its own would break the one-per-cooldown promise.
 */

import { coordinatorOf, listMachines, type Machine } from "../fleet/machines.ts";
import type { Client } from "../http/client-kind.ts";
import { ApiError, errorResponse } from "../http/errors.ts";
import type { FlyMachine } from "../runtime/fly.ts";

/** How long the proxy tries the coordinator, waking it included, before giving up. */
export const REPLAY_TIMEOUT = "10s";
/** What a 504 asks the caller to wait: the coordinator may be waking or restarting. */
const RETRY_AFTER_SECONDS = "15";

function unreachable(message: string): ApiError {
  return new ApiError("coordinator_unreachable", `${message}; nothing was submitted`, {
    headers: { "retry-after": RETRY_AFTER_SECONDS },
  });
}

/**
 * Undefined when this machine should run the trigger itself; otherwise the answer that
 * makes Fly's proxy replay the request to the coordinator. Throws a 504 when the
 * coordinator cannot be known or reached.
 */
export async function replayToCoordinator(
  request: Request,
  client: Client,
  fly: FlyMachine | undefined,
): Promise<Response | undefined> {
  if (!fly) return undefined;
  const failed = request.headers.get("fly-replay-failed");
  if (failed !== null) {
    throw unreachable(`The machine that holds the trigger could not be reached (${failed.slice(0, 100)})`);
  }
  let machines: Machine[];
  try {
    machines = await listMachines(fly);
  } catch {
    throw unreachable(`Cannot list the app's machines: all.vms.${fly.app}.internal did not answer`);
  }
  const coordinator = coordinatorOf(machines, fly.primaryRegion);
  if (coordinator?.id === fly.machineId) return undefined;
  // A replayed request that lands on another machine than the one it was sent to means
  // the machines read different lists (one was just added or destroyed): never replay twice.
  if (!coordinator || request.headers.has("fly-replay-src")) {
    throw unreachable("The app's machines do not agree on which one holds the trigger; retry in a moment");
  }
  const answer = errorResponse(
    new ApiError(
      "misdirected_request",
      `Machine ${coordinator.id} holds the trigger; Fly's proxy replays this request there`,
    ),
    client,
  );
  answer.headers.set(
    "fly-replay",
    `instance=${coordinator.id};timeout=${REPLAY_TIMEOUT};fallback=prefer_self`,
  );
  return answer;
}
