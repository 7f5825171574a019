/**
 * The finger door (RFC 1288), asked as `nc` asks it (the query line the `finger` client
 * sends, CRLF and all): the owner's handle and the empty query get the plain profile,
 * `/?nocolor`'s text with CRLF line ends; any other name one line; a query too long, or
 * none at all, is refused or timed out, and the server goes on.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { doors } from "../../lib/doors/feature.ts";
import { fingerAnswer } from "../../lib/doors/finger/answer.ts";
import { as } from "../support/app.ts";
import { finger, heldOpen } from "../support/doors.ts";
import { ownerContent } from "../support/owners.ts";
import { startServer, type TestServer } from "../support/server.ts";

const HANDLE = ownerContent("rin", "https://example.com").profile.handle;

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startServer({ FINGER_PORT: "0", FINGER_TIMEOUT_SECONDS: "1" });
  port = server.site.service(doors).port("finger") ?? 0;
});
afterAll(() => server.stop());

/** The profile as `/?nocolor` answers it to curl, with CRLF line ends. */
async function plainProfile(): Promise<string> {
  const text = await (await fetch(`${server.url}/?nocolor`, { headers: as.curl })).text();
  return text.replaceAll("\n", "\r\n");
}

describe("finger handle@site and finger @site", () => {
  test("the owner's handle gets the plain profile: /?nocolor's text, lines ending CRLF, no escape codes", async () => {
    const { stdout } = await finger(port, `${HANDLE}\r\n`);
    expect(stdout).toBe(await plainProfile());
    expect(stdout).not.toContain("\x1b");
    expect(stdout.replaceAll("\r\n", "")).not.toContain("\n");
  });

  test("the empty query (finger @site) and /W (finger -l) get the same", async () => {
    const profile = await plainProfile();
    expect((await finger(port, "\r\n")).stdout).toBe(profile);
    expect((await finger(port, `/W ${HANDLE}\r\n`)).stdout).toBe(profile);
    expect((await finger(port, `${HANDLE.toUpperCase()}\r\n`)).stdout).toBe(profile);
  });
});

describe("what else is asked", () => {
  test("another name gets one line saying there is no such user", async () => {
    expect((await finger(port, "root\r\n")).stdout).toBe("finger: no such user here: root\r\n");
  });

  test("a name with control bytes is repeated without them, cut short", async () => {
    const { stdout } = await finger(port, `\x1b[31mevil${"x".repeat(100)}\r\n`);
    expect(stdout).toBe(`finger: no such user here: ?[31mevil${"x".repeat(23)}...\r\n`);
  });

  test("a query to forward (user@host) is refused in one line", async () => {
    expect((await finger(port, "someone@elsewhere.example\r\n")).stdout).toBe(
      "finger: this site forwards no queries to other hosts\r\n",
    );
  });

  test("over 512 bytes without a line end: one line refusing it, and the connection closed", async () => {
    const { closedBy, received } = await heldOpen(port, "a".repeat(513), 3000);
    expect(closedBy).toBe("server");
    expect(received.toString()).toBe("finger: a query is one line of at most 512 bytes\r\n");
  });

  test("a client that sends no line is closed at the timeout (FINGER_TIMEOUT_SECONDS)", async () => {
    const { closedBy, after, received } = await heldOpen(port, "rin", 4000);
    expect(closedBy).toBe("server");
    expect(after).toBeGreaterThan(900);
    expect(after).toBeLessThan(2000);
    expect(received.length).toBe(0);
  });

  test("random bytes get an answer or a close, and the site goes on answering", async () => {
    const noise = crypto.getRandomValues(new Uint8Array(4096));
    expect((await heldOpen(port, noise, 3000)).closedBy).toBe("server");
    expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
    expect((await finger(port, `${HANDLE}\r\n`)).stdout).toBe(await plainProfile());
  });
});

describe("the answer, as a function", () => {
  const profile = () => "line one\nline two\n";
  test("lines end CRLF", () => {
    expect(fingerAnswer("", "rin", profile)).toBe("line one\r\nline two\r\n");
  });
  test("only the owner's handle is a user here", () => {
    expect(fingerAnswer("rinn", "rin", profile)).toBe("finger: no such user here: rinn\r\n");
  });
});
