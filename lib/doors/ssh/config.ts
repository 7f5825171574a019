/**
 * @module The SSH door's variables beside `SSH_PORT`: its host key and its limits, read
 * only when the door is on. The host key's text is checked when the door opens
 * (`host-key.ts`), so that ssh2 is loaded only then.
 */
import type { Config } from "../../runtime/config.ts";
import { type Env, type VariableHelp, valueIn, wholeNumber } from "../../runtime/env.ts";

export interface SshSettings {
  /** `SSH_HOST_KEY`: the private key's text (OpenSSH format); undefined makes or reads a local one. */
  readonly hostKey: string | undefined;
  /** How many connections may be open at once, whoever holds them. @default 50 */
  readonly max: number;
  /** How many one client address may hold at once. @default 3 */
  readonly perClient: number;
  /** The longest a connection stays open. @default 600 */
  readonly sessionSeconds: number;
  /** How long a connection may go without a key pressed. @default 120 */
  readonly idleSeconds: number;
  /** How long a connection may take from its first byte to the end of the handshake. @default 10 */
  readonly handshakeSeconds: number;
}

export const DEFAULT_SSH_MAX = 50;
export const DEFAULT_SSH_PER_CLIENT = 3;
export const DEFAULT_SSH_SESSION_SECONDS = 600;
export const DEFAULT_SSH_IDLE_SECONDS = 120;
export const DEFAULT_SSH_HANDSHAKE_SECONDS = 10;

export const SSH_HELP: readonly VariableHelp[] = [
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
];

/** Reads the SSH door's variables; throws a `ConfigError` naming a bad one. */
export function sshSettings(env: Env): SshSettings {
  return {
    hostKey: valueIn(env, "SSH_HOST_KEY"),
    max: wholeNumber(env, "SSH_MAX_SESSIONS", DEFAULT_SSH_MAX, 1, 10_000),
    perClient: wholeNumber(env, "SSH_SESSIONS_PER_CLIENT", DEFAULT_SSH_PER_CLIENT, 1, 1_000),
    sessionSeconds: wholeNumber(env, "SSH_SESSION_SECONDS", DEFAULT_SSH_SESSION_SECONDS, 1, 86_400),
    idleSeconds: wholeNumber(env, "SSH_IDLE_SECONDS", DEFAULT_SSH_IDLE_SECONDS, 1, 86_400),
    handshakeSeconds: wholeNumber(env, "SSH_HANDSHAKE_SECONDS", DEFAULT_SSH_HANDSHAKE_SECONDS, 1, 600),
  };
}

/** What a visitor types to reach the SSH door: port 22 (Fly's public one) needs no `-p`. */
export function sshCommand(config: Pick<Config, "siteUrl" | "fly">, port: number): string {
  const host = new URL(config.siteUrl).hostname;
  return config.fly || port === 22 ? `ssh ${host}` : `ssh -p ${port} ${host}`;
}
