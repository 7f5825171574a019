/**
 * The live screen of `ssh site` says what Ctrl-C does there, and it does it: Ctrl-C quits,
 * as q does (the keys line's word), ending the session with exit status 0, not the live
 * screen alone. The same words serve `curl -N /live`, where Ctrl-C quits curl.
 */

import { afterAll, beforeAll, expect, test } from "bun:test";
import { doors } from "../../lib/doors/feature.ts";
import { sshCommand, TEST_HOST_KEY } from "../support/doors.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { tmuxTerminal } from "../support/tmux.ts";

let server: TestServer;
const terminal = tmuxTerminal();
beforeAll(async () => {
  server = await startServer({ SSH_PORT: "0", SSH_HOST_KEY: TEST_HOST_KEY });
});
afterAll(() => {
  terminal.stop();
  return server.stop();
});

test("on the live screen, Ctrl-C does what its line says: it quits the session, as q does", async () => {
  const session = terminal.run(sshCommand(server.site.service(doors).port("ssh") ?? 0), {
    columns: 80,
    rows: 30,
  });
  try {
    await session.waitFor(/q quit/);
    session.send("l");
    const live = await session.waitFor(/this view ends in/);
    expect(live).toContain("Ctrl-C to quit · this view ends in");
    expect(live).not.toContain("to leave");
    session.send("C-c");
    const after = await session.waitFor(/__EXIT \d+/);
    expect(after).toContain("__EXIT 0");
    expect(after).not.toContain("· live");
  } finally {
    session.kill();
  }
}, 20_000);
