/**
 * The doors at start-up: a port in use or a bad host key refused in one line naming the
 * variable, with what already listened closed again; on Fly, no SSH door without its
 * host key (one made in a machine would change every deploy); `bun run ssh-key` makes a
 * key OpenSSH reads, with the fingerprint ssh-keygen shows.
 */

import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { doors } from "../../lib/doors/feature.ts";
import { freePort } from "../../scripts/loopback.ts";
import { sshKey } from "../../scripts/ssh-key.ts";
import { runClient, TEST_HOST_KEY } from "../support/doors.ts";
import { startServer, type TestServer } from "../support/server.ts";

let holders: { stop(): void }[] = [];
afterEach(() => {
  for (const holder of holders) holder.stop();
  holders = [];
});

/** A port something else listens on. */
function busyPort(): number {
  const holder = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  holders.push(holder);
  return holder.port;
}

const closed = (url: string) =>
  fetch(url).then(
    () => "open",
    () => "closed",
  );

describe("refused at start-up, in one line", () => {
  test.each(["SSH_PORT", "FINGER_PORT"])(
    "%s in use: and the app's port is closed again",
    async (variable) => {
      const port = freePort();
      const busy = busyPort();
      await expect(
        startServer({ PORT: String(port), SSH_HOST_KEY: TEST_HOST_KEY, [variable]: String(busy) }),
      ).rejects.toThrow(
        `the server asked to exit with 1: Cannot start: ${variable}: ${busy} is in use on 127.0.0.1: another server listens there; stop it, or set ${variable} to a free port`,
      );
      expect(await closed(`http://127.0.0.1:${port}/api/ping`)).toBe("closed");
    },
  );

  test("SSH_HOST_KEY that is not an ed25519 private key", async () => {
    await expect(startServer({ SSH_PORT: "0", SSH_HOST_KEY: "-----BEGIN NONSENSE-----" })).rejects.toThrow(
      "the server asked to exit with 1: Cannot start: SSH_HOST_KEY: must be an ed25519 private key in OpenSSH format, unencrypted: `bun run ssh-key` makes one",
    );
  });
});

describe("on Fly", () => {
  let server: TestServer | undefined;
  afterEach(() => server?.stop());

  test("without SSH_HOST_KEY the SSH door stays closed, and the log says how to open it", async () => {
    server = await startServer({
      SSH_PORT: "0",
      FINGER_PORT: "0",
      FLY_APP_NAME: "site-test",
      FLY_MACHINE_ID: "abc123",
      FLY_REGION: "ams",
      METRICS_PORT: "off",
    });
    expect(server.site.service(doors).port("ssh")).toBeUndefined();
    expect(server.site.service(doors).port("finger")).toBeDefined();
    const closedLine = server.stdout
      .map((line) => JSON.parse(line))
      .find(({ event }) => event === "ssh door closed");
    expect(closedLine).toEqual(expect.objectContaining({ reason: "no SSH_HOST_KEY" }));
  });
});

describe("bun run ssh-key", () => {
  test("writes a key only its owner reads, which ssh-keygen fingerprints as the command said", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "ssh-key-")), "key");
    const said: string[] = [];
    expect(sshKey(["--out", file], { out: (line) => said.push(line), err: (line) => said.push(line) })).toBe(
      0,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toStartWith("-----BEGIN OPENSSH PRIVATE KEY-----");
    const { stdout } = await runClient(["ssh-keygen", "-lf", file]);
    const fingerprint = stdout.split(" ")[1];
    expect(said).toEqual([`SSH host key ${fingerprint} written to ${file}`]);
  });

  test("never writes over a file that is there", () => {
    const file = join(mkdtempSync(join(tmpdir(), "ssh-key-")), "key");
    const quiet = { out: () => {}, err: () => {} };
    expect(sshKey(["--out", file], quiet)).toBe(0);
    expect(sshKey(["--out", file], quiet)).toBe(2);
  });
});
