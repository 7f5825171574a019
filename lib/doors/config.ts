/**
 * @module The doors beside HTTP (`ssh site`, `finger handle@site`): their ports and their
 * limits, `SSH_*` and `FINGER_*`, validated at start-up. Both are off unless their port is
 * set. The host key's text is checked when the SSH door opens (`host-key.ts`), so that
 * the SSH library is loaded only when the door is on.
 */
import type { Config } from "../runtime/config.ts";
import { ConfigError, type Env, valueIn, wholeNumber } from "../runtime/env.ts";
import type { FeatureSettings } from "../site/feature.ts";

export interface SshConfig {
  readonly port: number;
  /** `SSH_HOST_KEY`: the private key's text (OpenSSH format); undefined makes or reads a local one. */
  readonly hostKey: string | undefined;
  /** How many sessions may be open at once, whoever holds them. @default 50 */
  readonly max: number;
  /** How many one client address may hold at once. @default 3 */
  readonly perClient: number;
  /** The longest a session stays open. @default 600 */
  readonly sessionSeconds: number;
  /** How long a session may go without a key pressed. @default 120 */
  readonly idleSeconds: number;
  /** How long a connection may take from its first byte to a session. @default 10 */
  readonly handshakeSeconds: number;
}

export interface FingerConfig {
  readonly port: number;
  /** How long a client has to send its query line. @default 5 */
  readonly timeoutSeconds: number;
}

export interface DoorsConfig {
  /** Undefined: `SSH_PORT` is unset, the door is closed. */
  readonly ssh: SshConfig | undefined;
  /** Undefined: `FINGER_PORT` is unset, the door is closed. */
  readonly finger: FingerConfig | undefined;
}

export const DEFAULT_SSH_MAX = 50;
export const DEFAULT_SSH_PER_CLIENT = 3;
export const DEFAULT_SSH_SESSION_SECONDS = 600;
export const DEFAULT_SSH_IDLE_SECONDS = 120;
export const DEFAULT_SSH_HANDSHAKE_SECONDS = 10;
export const DEFAULT_FINGER_TIMEOUT_SECONDS = 5;

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

/** Reads the doors' settings, their ports other than the core's; throws `ConfigError` on a bad value. */
export function doorsConfig(env: Env, core: Pick<Config, "port" | "metrics">): DoorsConfig {
  const taken = { PORT: core.port, METRICS_PORT: core.metrics?.port };
  const sshPort = doorPort(env, "SSH_PORT", taken);
  const fingerPort = doorPort(env, "FINGER_PORT", { ...taken, SSH_PORT: sshPort });
  const ssh =
    sshPort === undefined
      ? undefined
      : {
          port: sshPort,
          hostKey: valueIn(env, "SSH_HOST_KEY"),
          max: wholeNumber(env, "SSH_MAX_SESSIONS", DEFAULT_SSH_MAX, 1, 10_000),
          perClient: wholeNumber(env, "SSH_SESSIONS_PER_CLIENT", DEFAULT_SSH_PER_CLIENT, 1, 1_000),
          sessionSeconds: wholeNumber(env, "SSH_SESSION_SECONDS", DEFAULT_SSH_SESSION_SECONDS, 1, 86_400),
          idleSeconds: wholeNumber(env, "SSH_IDLE_SECONDS", DEFAULT_SSH_IDLE_SECONDS, 1, 86_400),
          handshakeSeconds: wholeNumber(env, "SSH_HANDSHAKE_SECONDS", DEFAULT_SSH_HANDSHAKE_SECONDS, 1, 600),
        };
  const finger =
    fingerPort === undefined
      ? undefined
      : {
          port: fingerPort,
          timeoutSeconds: wholeNumber(env, "FINGER_TIMEOUT_SECONDS", DEFAULT_FINGER_TIMEOUT_SECONDS, 1, 600),
        };
  return { ssh, finger };
}

export const DOORS_SETTINGS: FeatureSettings<DoorsConfig> = {
  help: [
    { variables: ["SSH_PORT"], meaning: "the SSH door (ssh site): a port of its own; 0 any free one (off)" },
    {
      variables: ["SSH_HOST_KEY"],
      meaning:
        "its ed25519 host key, OpenSSH format (bun run ssh-key); without it, one made once in .ssh-host-key",
    },
    {
      variables: ["SSH_MAX_SESSIONS", "SSH_SESSIONS_PER_CLIENT"],
      meaning: `sessions at once (${DEFAULT_SSH_MAX}) and per client address (${DEFAULT_SSH_PER_CLIENT})`,
    },
    {
      variables: ["SSH_SESSION_SECONDS", "SSH_IDLE_SECONDS", "SSH_HANDSHAKE_SECONDS"],
      meaning: `a session's longest (${DEFAULT_SSH_SESSION_SECONDS} s), its longest without a key (${DEFAULT_SSH_IDLE_SECONDS} s), and the time to reach it (${DEFAULT_SSH_HANDSHAKE_SECONDS} s)`,
    },
    {
      variables: ["FINGER_PORT"],
      meaning: "the finger door (finger handle@site): its port; 0 any free (off)",
    },
    {
      variables: ["FINGER_TIMEOUT_SECONDS"],
      meaning: `how long a finger client has to send its query (${DEFAULT_FINGER_TIMEOUT_SECONDS} s)`,
    },
  ],
  read: doorsConfig,
};
