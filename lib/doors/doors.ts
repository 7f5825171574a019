/**
 * @module The doors beside HTTP, opened by start-up just before the app listens (so an
 * answer from the app means they listen too) and closed with it: SSH (`ssh-door.ts`)
 * when `SSH_PORT` is set, finger (`finger-door.ts`) when `FINGER_PORT` is. The SSH door's
 * code, and ssh2 with it, is loaded only when it opens (a chunk of its own in the
 * executable): a site without it carries none of it in memory.
 */
import type { Config } from "../runtime/config.ts";
import type { BackgroundTask } from "../runtime/lifecycle.ts";
import type { Site } from "../site.ts";
import type { SshConfig } from "./config.ts";
import { openFingerDoor } from "./finger-door.ts";
import type { OpenDoor } from "./listen.ts";
import { doorScreens } from "./screens.ts";
import type { DoorReport } from "./session-log.ts";

/** The doors that listen, as the start-up line tells them and the tests reach them. */
export interface Doors extends BackgroundTask {
  readonly ssh: { readonly port: number; readonly fingerprint: string } | undefined;
  readonly finger: { readonly port: number } | undefined;
  /** Stops accepting; every session writes its last line and closes. */
  drain(): void;
  /** Resolves once every door's connections have closed, or after `ms`, whichever is first. */
  closed(ms: number): Promise<void>;
}

/** Where the SSH door's host key came from, for the start-up log to say. */
export type HostKeySource = "SSH_HOST_KEY" | "made now" | "local file" | "made now, for this run only";

/** What a visitor types to reach the SSH door: port 22 (Fly's public one) needs no `-p`. */
export function sshCommand(config: Config, port: number): string {
  const host = new URL(config.siteUrl).hostname;
  return config.fly || port === 22 ? `ssh ${host}` : `ssh -p ${port} ${host}`;
}

/** The SSH door's host key, from `SSH_HOST_KEY` or a local file; and where it came from. */
async function hostKeyOf(ssh: SshConfig) {
  const { hostKeyFrom, localHostKey } = await import("./host-key.ts");
  if (ssh.hostKey !== undefined) {
    return { key: hostKeyFrom(ssh.hostKey, "SSH_HOST_KEY"), source: "SSH_HOST_KEY" as HostKeySource };
  }
  const local = localHostKey();
  const source: HostKeySource = !local.made
    ? "local file"
    : local.kept
      ? "made now"
      : "made now, for this run only";
  return { key: local.key, source };
}

/**
 * Opens the configured doors on `config.host`; rejects with a `ListenError` for a port in
 * use (naming nothing: start-up does), or a `ConfigError` for a bad host key. `report.log`
 * also gets one event for a host key made here, which on Fly would change every deploy.
 */
export async function openDoors(
  config: Config,
  site: Site,
  report: DoorReport,
  listenFailed: (variable: string, port: number, error: unknown) => Promise<never>,
): Promise<Doors> {
  const { ssh: sshConfig, finger: fingerConfig } = config.doors;
  // Nothing is drawn ahead for a door that is closed.
  const screens = sshConfig || fingerConfig ? doorScreens(site) : undefined;
  // Behind Fly's proxy the peer of a TCP connection is the proxy (docs/doors.md).
  const peerIsClient = config.fly === undefined;
  const opened: OpenDoor[] = [];
  let ssh: Doors["ssh"];
  let finger: Doors["finger"];
  if (sshConfig && sshConfig.hostKey === undefined && config.fly) {
    // A key made in a machine would change every deploy, and differ between machines:
    // every visitor would be warned of an attack. The door stays closed instead.
    report.log.event(
      "ssh door closed",
      { reason: "no SSH_HOST_KEY" },
      'SSH door closed: set its host key first, fly secrets set SSH_HOST_KEY="$(bun run --silent ssh-key)"',
    );
  } else if (sshConfig && screens) {
    const { key, source } = await hostKeyOf(sshConfig);
    if (source !== "SSH_HOST_KEY") {
      report.log.event(
        "ssh host key",
        { source, fingerprint: key.fingerprint },
        `SSH host key ${source === "local file" ? "read from" : "made in"} .ssh-host-key (${key.fingerprint}): ` +
          "set SSH_HOST_KEY (bun run ssh-key) where it must last; on Fly it would change every deploy",
      );
    }
    const { openSshDoor } = await import("./ssh-door.ts");
    const door = await openSshDoor({
      ...report,
      host: config.host,
      config: sshConfig,
      hostKey: key,
      screens,
      command: (listening) => sshCommand(config, listening),
      peerIsClient,
    }).catch((error) => listenFailed("SSH_PORT", sshConfig.port, error));
    opened.push(door);
    ssh = { port: door.port, fingerprint: key.fingerprint };
  }
  if (fingerConfig && screens) {
    const door = await openFingerDoor({
      ...report,
      host: config.host,
      config: fingerConfig,
      handle: site.content.profile.handle,
      plainProfile: screens.plainProfile,
      peerIsClient,
    }).catch(async (error) => {
      for (const other of opened) other.drain();
      return listenFailed("FINGER_PORT", fingerConfig.port, error);
    });
    opened.push(door);
    finger = { port: door.port };
  }
  return {
    ssh,
    finger,
    start() {},
    drain() {
      for (const door of opened) door.drain();
    },
    stop() {
      for (const door of opened) door.drain();
    },
    closed: (ms) =>
      Promise.race([
        Promise.all(opened.map((door) => door.closed())).then(() => {}),
        new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.()),
      ]),
  };
}
