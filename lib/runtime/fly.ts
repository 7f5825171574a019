/**
 * @module Where this process runs when it runs on Fly.io: the variables Fly sets in
 * every machine (https://fly.io/docs/machines/runtime-environment/), validated at
 * start-up. Off Fly they are absent and every guarantee is per process.
 */
import { ConfigError, type Env, matching } from "./env.ts";

export interface FlyMachine {
  /** `FLY_APP_NAME`: names the app's `.internal` DNS records. */
  readonly app: string;
  /** `FLY_MACHINE_ID`: this machine, as `fly-replay: instance=` names it. */
  readonly machineId: string;
  /** `FLY_REGION`: where this machine runs, e.g. `ams`. */
  readonly region: string;
  /** `PRIMARY_REGION`, from fly.toml; undefined when the app sets none. */
  readonly primaryRegion: string | undefined;
  /**
   * `FLY_INTERNAL_DNS`: `host:port` of the server that answers `.internal` names. Unset,
   * the system's resolver, which on Fly is the one that knows them.
   */
  readonly internalDns: string | undefined;
  /**
   * `FLY_PRIVATE_IP`: this machine's address on the organisation's private network (6PN),
   * where Fly's Prometheus scrapes the metrics; undefined when Fly did not set it.
   */
  readonly privateIp: string | undefined;
}

const NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;
const MACHINE_ID = /^[0-9a-z]{1,64}$/;
const REGION = /^[a-z]{3}$/;
const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):[0-9]{1,5}$/;
const IPV6 = /^[0-9a-fA-F]{0,4}(:[0-9a-fA-F]{0,4}){2,7}$/;

/** This machine on Fly, or undefined when `FLY_APP_NAME` and `FLY_MACHINE_ID` are unset. */
export function flyMachine(env: Env): FlyMachine | undefined {
  const app = matching(env, "FLY_APP_NAME", NAME, "an app name (a-z, 0-9, -)");
  const machineId = matching(env, "FLY_MACHINE_ID", MACHINE_ID, "a machine id (a-z, 0-9)");
  const region = matching(env, "FLY_REGION", REGION, "a three-letter region code");
  const primaryRegion = matching(env, "PRIMARY_REGION", REGION, "a three-letter region code");
  const internalDns = matching(env, "FLY_INTERNAL_DNS", HOST_PORT, "host:port, e.g. [fdaa::3]:53");
  const privateIp = matching(env, "FLY_PRIVATE_IP", IPV6, "an IPv6 address, e.g. fdaa:0:18::2");
  if (app === undefined && machineId === undefined) return undefined;
  if (app === undefined) throw new ConfigError("FLY_APP_NAME", "must be set when FLY_MACHINE_ID is");
  if (machineId === undefined) throw new ConfigError("FLY_MACHINE_ID", "must be set when FLY_APP_NAME is");
  if (region === undefined) throw new ConfigError("FLY_REGION", "must be set on Fly (FLY_APP_NAME is)");
  return { app, machineId, region, primaryRegion, internalDns, privateIp };
}
