/**
 * @module The doors' variables, read from the table: whether a PROXY header is believed
 * (`DOORS_PROXY_PROTOCOL`, for every door), then each door's port (off unless set, and
 * never a port another server of the site listens on) and its own variables, only when it
 * is on. `--help` lists them in that order.
 */
import type { Config } from "../../runtime/config.ts";
import {
  ConfigError,
  type Env,
  matching,
  type VariableHelp,
  valueIn,
  wholeNumber,
} from "../../runtime/env.ts";
import type { FeatureSettings } from "../../site/feature.ts";
import type { Door } from "./door.ts";

/** A door that is on: its port, and its own settings. */
export interface DoorSettings {
  readonly port: number;
  readonly settings: unknown;
}

/** Every door of the table by name: its settings, or undefined when its port is unset (off). */
export interface DoorsSettings {
  /**
   * `DOORS_PROXY_PROTOCOL`: every connection starts with a PROXY header from the proxy in
   * front (Fly's, `handlers = ["proxy_proto"]`), whose client address the limits key on; off,
   * a connection that sends one is closed. @default on when running on Fly, off elsewhere
   */
  readonly proxyProtocol: boolean;
  readonly doors: Readonly<Record<string, DoorSettings | undefined>>;
}

const PROXY_PROTOCOL_HELP: VariableHelp = {
  variables: ["DOORS_PROXY_PROTOCOL"],
  meaning:
    "on: every door connection starts with a PROXY header (v1 or v2) from the proxy in front, and its client " +
    "address keys the per-address limits; off: one that sends a header is closed (on on Fly, else off)",
};

/** Whether a PROXY header is believed: `on` or `off`, on by default on Fly. */
function proxyProtocol(env: Env, core: Config): boolean {
  const value = matching(env, "DOORS_PROXY_PROTOCOL", /^(on|off)$/, '"on" or "off"');
  return value === undefined ? core.fly !== undefined : value === "on";
}

/** A door's port, which no other server of the site may share (0, any free port, excepted). */
function doorPort(env: Env, variable: string, taken: Readonly<Record<string, number | undefined>>) {
  if (valueIn(env, variable) === undefined) return undefined;
  const port = wholeNumber(env, variable, 0, 0, 65535);
  for (const [other, otherPort] of Object.entries(taken)) {
    if (port !== 0 && port === otherPort) {
      throw new ConfigError(variable, `must differ from ${other} (${port}): set ${variable} to another port`);
    }
  }
  return port;
}

/** The settings of `doors`: their variables in `--help`, and how they are read. */
export function doorsSettings(doors: readonly Door[]): FeatureSettings<DoorsSettings> {
  return {
    help: [PROXY_PROTOCOL_HELP, ...doors.flatMap((door) => door.help)],
    read(env: Env, core: Config): DoorsSettings {
      const taken: Record<string, number | undefined> = { PORT: core.port, METRICS_PORT: core.metrics?.port };
      const settings: Record<string, DoorSettings | undefined> = {};
      for (const door of doors) {
        const port = doorPort(env, door.port, taken);
        taken[door.port] = port;
        settings[door.name] = port === undefined ? undefined : { port, settings: door.read(env, core) };
      }
      return { proxyProtocol: proxyProtocol(env, core), doors: settings };
    },
  };
}
