/**
 * @module The doors beside HTTP, opened just before the app listens (so an answer from the
 * app means they listen too) and closed with it: SSH (`ssh-door.ts`) when `SSH_PORT` is
 * set, finger (`finger-door.ts`) when `FINGER_PORT` is. The SSH door's code, and ssh2
 * with it, is loaded only when it opens (a chunk of its own in the executable): a site
 * without it carries none of it in memory.
 */
import type { Config } from "../runtime/config.ts";
import { ListenError } from "../runtime/listen-error.ts";
import type { DoorsConfig, SshConfig } from "./config.ts";
import { openFingerDoor } from "./finger-door.ts";
import type { OpenDoor } from "./listen.ts";
import type { DoorScreens } from "./screens.ts";
import type { DoorReport } from "./session-log.ts";

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

/** The same failure to listen, said of the door's port variable. */
const refusedAt =
  (variable: string, host: string, port: number) =>
  (error: unknown): never => {
    throw error instanceof ListenError ? error.of({ host: "HOST", port: variable }, { host, port }) : error;
  };

/** The doors of one server: closed until `open`, then listening until `drain`. */
export class Doors {
  /** The SSH door once it listens, where, and its host key's fingerprint. */
  ssh: { readonly port: number; readonly fingerprint: string } | undefined;
  /** The finger door once it listens, and where. */
  finger: { readonly port: number } | undefined;
  readonly #opened: OpenDoor[] = [];

  constructor(
    private readonly config: DoorsConfig,
    private readonly core: Config,
    /** What the doors show; undefined when every door is closed, so nothing is drawn ahead. */
    private readonly screens: DoorScreens | undefined,
    private readonly handle: string,
    private readonly report: DoorReport,
  ) {}

  /**
   * Opens the configured doors on `HOST`; rejects with a `ListenError` naming the door's
   * port variable, or a `ConfigError` for a bad host key, once the doors already open are
   * closed again. Says what the start-up line tells of each door.
   */
  async open(): Promise<Readonly<Record<string, string>>> {
    const { ssh: sshConfig, finger: fingerConfig } = this.config;
    const { core, screens, report } = this;
    // Behind Fly's proxy the peer of a TCP connection is the proxy (docs/doors.md).
    const peerIsClient = core.fly === undefined;
    try {
      if (sshConfig && sshConfig.hostKey === undefined && core.fly) {
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
          host: core.host,
          config: sshConfig,
          hostKey: key,
          screens,
          command: (listening) => sshCommand(core, listening),
          peerIsClient,
        }).catch(refusedAt("SSH_PORT", core.host, sshConfig.port));
        this.#opened.push(door);
        this.ssh = { port: door.port, fingerprint: key.fingerprint };
      }
      if (fingerConfig && screens) {
        const door = await openFingerDoor({
          ...report,
          host: core.host,
          config: fingerConfig,
          handle: this.handle,
          plainProfile: screens.plainProfile,
          peerIsClient,
        }).catch(refusedAt("FINGER_PORT", core.host, fingerConfig.port));
        this.#opened.push(door);
        this.finger = { port: door.port };
      }
    } catch (error) {
      this.drain();
      throw error;
    }
    return {
      ssh: this.ssh ? `port ${this.ssh.port}, host key ${this.ssh.fingerprint}` : "off",
      finger: this.finger ? `port ${this.finger.port}` : "off",
    };
  }

  /** Stops accepting; every session writes its last line and closes. */
  drain(): void {
    for (const door of this.#opened) door.drain();
  }

  /** Resolves once every door's connections have closed, or after `ms`, whichever is first. */
  closed(ms: number): Promise<void> {
    return Promise.race([
      Promise.all(this.#opened.map((door) => door.closed())).then(() => {}),
      new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.()),
    ]);
  }
}
