/**
 * The SSH door, as OpenSSH's clients meet it: `ssh` in a real terminal (tmux) gets the
 * profile to scroll and the keys, and redraws when the window changes; `ssh -T` the plain
 * profile and exit 0; a command, sftp and forwarding either way are refused; `ssh-keyscan`
 * is offered the configured key. The server is the one the entry points start, in process.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { doors } from "../../lib/doors/feature.ts";
import { as } from "../support/app.ts";
import { runClient, ssh, sshCommand, sshOptions, TEST_FINGERPRINT, TEST_HOST_KEY } from "../support/doors.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { tmuxTerminal } from "../support/tmux.ts";

let server: TestServer;
let port: number;
const terminal = tmuxTerminal();
beforeAll(async () => {
  server = await startServer({ SSH_PORT: "0", SSH_HOST_KEY: TEST_HOST_KEY, SSH_SESSIONS_PER_CLIENT: "10" });
  port = server.site.service(doors).port("ssh") ?? 0;
});
afterAll(() => {
  terminal.stop();
  return server.stop();
});

describe("ssh site, in a terminal", () => {
  test("shows the profile at the terminal's width, the keys on the last row; q leaves with exit 0", async () => {
    const session = terminal.run(sshCommand(port), { columns: 80, rows: 24 });
    try {
      const screen = await session.waitFor(/q quit · j\/k/);
      const lines = screen.split("\n");
      expect(lines[1]).toStartWith("  Rin Hayashi");
      expect(lines).toHaveLength(24);
      expect(lines[23]).toStartWith(" q quit · j/k ↓↑ scroll · p profile · n now · l live · f fortune");
      session.send("q");
      // The terminal's own screen is back (the alternate one is left), with the exit status.
      const after = await session.waitFor(/__EXIT \d+/);
      expect(after).toContain("__EXIT 0");
      expect(after).not.toContain("Rin Hayashi");
    } finally {
      session.kill();
    }
  }, 20_000);

  test("j and the down arrow scroll a line, k and the up arrow back", async () => {
    const session = terminal.run(sshCommand(port), { columns: 80, rows: 24 });
    try {
      const first = (await session.waitFor(/q quit/)).split("\n");
      const startsWith = (line: string | undefined) => (screen: string) => screen.split("\n")[0] === line;
      session.send("j");
      await session.waitFor(startsWith(first[1]));
      session.send("Down");
      await session.waitFor(startsWith(first[2]));
      session.send("k", "Up");
      await session.waitFor((screen) => screen.split("\n")[1] === first[1]);
      session.send("C-c");
      expect(await session.waitFor(/__EXIT \d+/)).toContain("__EXIT 0");
    } finally {
      session.kill();
    }
  }, 20_000);

  test("n shows /now, l the live view redrawn each second, f a fortune, p the profile again", async () => {
    const session = terminal.run(sshCommand(port), { columns: 80, rows: 30 });
    try {
      await session.waitFor(/q quit/);
      session.send("n");
      // The profile's header and its Now section, and nothing after it.
      const now = await session.waitFor((screen) => !screen.includes("── Career"));
      expect(now).toContain("── Now ─");
      session.send("l");
      const live = await session.waitFor(/· live/);
      const clock = live.match(/local time \S+ [\d:]+/)?.[0];
      // The fixed clock of the tests stands still: the countdown moves.
      await session.waitFor(/this view ends in 9:5[0-8]/, 4000);
      expect(clock).toBeDefined();
      session.send("f");
      await session.waitFor(/── Fortune ─/);
      session.send("p");
      await session.waitFor(/Rin Hayashi {2}林/);
      session.send("q");
      await session.waitFor(/__EXIT 0/);
    } finally {
      session.kill();
    }
  }, 20_000);

  test("a window change redraws at the new width", async () => {
    const session = terminal.run(sshCommand(port), { columns: 100, rows: 24 });
    try {
      const wide = await session.waitFor(/q quit/);
      const ruleOf = (screen: string) => screen.split("\n").find((line) => line.includes("── Now"));
      expect(ruleOf(wide)?.length).toBe(100);
      session.resize(60, 20);
      const narrow = await session.waitFor(/^ {2}── Now ─+$/m);
      await Bun.sleep(200);
      expect(ruleOf(session.screen())?.length).toBe(60);
      expect(narrow.split("\n").every((line) => line.length <= 60)).toBe(true);
      session.send("q");
    } finally {
      session.kill();
    }
  }, 20_000);
});

describe("ssh site, without a terminal", () => {
  test("ssh -T prints the plain profile, /?nocolor's text, and exits 0", async () => {
    const { exitCode, stdout, stderr } = await ssh(port);
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: "" });
    expect(stdout).toBe(await (await fetch(`${server.url}/?nocolor`, { headers: as.curl })).text());
  });
});

describe("what is refused", () => {
  test("a command: exit status 1 and one line saying so", async () => {
    const { exitCode, stdout, stderr } = await ssh(port, "cat", "/etc/passwd");
    expect(exitCode).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("This site runs no commands (asked: cat /etc/passwd)");
  });

  test("sftp: the subsystem is refused", async () => {
    const { exitCode, stderr } = await runClient(
      ["sftp", "-b", "-", ...sshOptions(port).map((word) => (word === "-p" ? "-P" : word)), "127.0.0.1"],
      10_000,
      "ls\n",
    );
    expect(exitCode).not.toBe(0);
    expect(stderr).toContain("subsystem request failed");
  });

  test("-R: the remote forward is refused, and ssh exits with ExitOnForwardFailure", async () => {
    const { exitCode, stderr } = await runClient([
      "ssh",
      "-N",
      ...sshOptions(port),
      "-o",
      "ExitOnForwardFailure=yes",
      "-R",
      "0:127.0.0.1:9",
      "127.0.0.1",
    ]);
    expect(exitCode).toBe(255);
    expect(stderr).toContain("remote port forwarding failed");
  });

  test("-L: a connection through the local forward is refused by the server", async () => {
    const local = 20_000 + Math.floor(Math.random() * 20_000);
    const child = Bun.spawn(
      [
        "ssh",
        "-N",
        ...sshOptions(port),
        "-o",
        "ExitOnForwardFailure=yes",
        "-L",
        `${local}:127.0.0.1:${server.port}`,
        "127.0.0.1",
      ],
      { stdout: "ignore", stderr: "ignore" },
    );
    try {
      let answered: boolean | undefined;
      for (let tries = 0; tries < 40 && answered === undefined; tries++) {
        await Bun.sleep(100);
        answered = await fetch(`http://127.0.0.1:${local}/api/ping`, {
          signal: AbortSignal.timeout(2000),
        }).then(
          () => true,
          (error: Error) => (/ECONNREFUSED|Unable to connect/.test(String(error)) ? undefined : false),
        );
      }
      expect(answered).toBe(false);
      // The refusal is the channel's: the session itself goes on.
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill();
    }
  }, 15_000);
});

test("ssh-keyscan is offered the configured ed25519 key: its fingerprint is the one start-up logs", async () => {
  const scanned = await runClient(["ssh-keyscan", "-t", "ed25519", "-p", String(port), "127.0.0.1"]);
  const fingerprinted = await runClient(["ssh-keygen", "-lf", "-"], 5000, scanned.stdout);
  expect(fingerprinted.stdout).toContain(`256 ${TEST_FINGERPRINT} [127.0.0.1]:${port} (ED25519)`);
  const listening = server.stdout.map((line) => JSON.parse(line)).find(({ event }) => event === "listening");
  expect(listening.ssh).toBe(`port ${port}, host key ${TEST_FINGERPRINT}`);
});
