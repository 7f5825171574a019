/**
 * @module The SSH door (`ssh site`), as the table lists it: `SSH_*` (`config.ts`), what a
 * terminal session shows, prepared with the app, and the host key. ssh2 and the server
 * built on it (`server.ts`) are loaded only when the door opens: a chunk of their own in
 * the executable, so a site without the door carries none of it in memory.
 */
import { live } from "../../live/feature.ts";
import { defineDoor, serverOptions } from "../door/door.ts";
import { plainProfile } from "../door/plain-profile.ts";
import { SSH_HELP, type SshSettings, sshCommand, sshSettings } from "./config.ts";
import type { HostKey } from "./host-key.ts";
import { doorScreens } from "./screens.ts";

/** Where the host key came from, for the start-up log to say. */
type HostKeySource = "SSH_HOST_KEY" | "made now" | "local file" | "made now, for this run only";

/** The host key, from `SSH_HOST_KEY` or a local file; and where it came from. */
async function hostKeyOf(settings: SshSettings): Promise<{ key: HostKey; source: HostKeySource }> {
  const { hostKeyFrom, localHostKey } = await import("./host-key.ts");
  if (settings.hostKey !== undefined) {
    return { key: hostKeyFrom(settings.hostKey, "SSH_HOST_KEY"), source: "SSH_HOST_KEY" };
  }
  const local = localHostKey();
  const source = !local.made ? "local file" : local.kept ? "made now" : "made now, for this run only";
  return { key: local.key, source };
}

export const ssh = defineDoor<SshSettings>({
  name: "ssh",
  port: "SSH_PORT",
  help: SSH_HELP,
  read: sshSettings,
  setup(site, options) {
    const { settings } = options;
    const feed = site.service(live);
    const screens = doorScreens(site, feed);
    const profile = plainProfile(site);
    return {
      async open() {
        if (settings.hostKey === undefined && site.config.fly) {
          // A key made in a machine would change every deploy, and differ between machines:
          // every visitor would be warned of an attack. The door stays closed instead.
          site.log.event(
            "ssh door closed",
            { reason: "no SSH_HOST_KEY" },
            'SSH door closed: set its host key first, fly secrets set SSH_HOST_KEY="$(bun run --silent ssh-key)"',
          );
          return undefined;
        }
        const { key, source } = await hostKeyOf(settings);
        if (source !== "SSH_HOST_KEY") {
          site.log.event(
            "ssh host key",
            { source, fingerprint: key.fingerprint },
            `SSH host key ${source === "local file" ? "read from" : "made in"} .ssh-host-key (${key.fingerprint}): ` +
              "set SSH_HOST_KEY (bun run ssh-key) where it must last; on Fly it would change every deploy",
          );
        }
        const { openSshServer } = await import("./server.ts");
        return openSshServer({
          ...serverOptions(site, options, settings, settings.handshakeSeconds),
          settings,
          hostKey: key,
          screens,
          plainProfile: profile,
          command: (port) => sshCommand(site.config, port),
        });
      },
    };
  },
});
