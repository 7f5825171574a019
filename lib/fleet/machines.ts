/**
 * @module The app's machines, as Fly's private DNS lists them: the TXT record
 * `all.vms.<app>.internal` names every deployed machine, stopped ones included, as
 * `<id> <region>` entries separated by commas
 * (https://fly.io/docs/networking/private-networking/).
 */
import { promises as dns } from "node:dns";
import type { FlyMachine } from "../runtime/fly.ts";

export interface Machine {
  readonly id: string;
  readonly region: string;
}

/** One DNS question, answered within this long, or the trigger says it cannot tell. */
const LOOKUP_TIMEOUT_MS = 2000;

/** Every deployed machine of the app; throws when DNS does not answer. */
export async function listMachines(fly: FlyMachine): Promise<Machine[]> {
  const resolver = new dns.Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  if (fly.internalDns) resolver.setServers([fly.internalDns]);
  const records = await resolver.resolveTxt(`all.vms.${fly.app}.internal`);
  return parseMachines(records.map((chunks) => chunks.join("")).join(","));
}

/** `"id1 ams,id2 iad"` as machines; entries that are not `<id> <region>` are skipped. */
export function parseMachines(text: string): Machine[] {
  const machines: Machine[] = [];
  for (const entry of text.split(",")) {
    const [id, region, ...rest] = entry.trim().split(/\s+/);
    if (id && region && rest.length === 0) machines.push({ id, region });
  }
  return machines;
}

/**
 * The machine that holds app-wide state: the lowest id in the primary region, or the
 * lowest of all when none runs there. Every machine reads the same list, so every
 * machine names the same one.
 */
export function coordinatorOf(
  machines: readonly Machine[],
  primaryRegion: string | undefined,
): Machine | undefined {
  const inPrimary = machines.filter((machine) => machine.region === primaryRegion);
  return lowestId(inPrimary.length > 0 ? inPrimary : machines);
}

function lowestId(machines: readonly Machine[]): Machine | undefined {
  return machines.reduce<Machine | undefined>(
    (low, machine) => (!low || machine.id < low.id ? machine : low),
    undefined,
  );
}
