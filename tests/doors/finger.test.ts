/**
 * The finger door (RFC 1288), asked as `nc` asks it (the query line the `finger` client
 * sends, CRLF and all): the owner's handle gets the plain profile, `/?nocolor`'s text,
 * then the owner's plan (their newest /now updates, dated), in CRLF lines; the empty query
 * the plain profile; any other name one line; a query too long, or none at all, is
 * refused or timed out, and the server goes on.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { doors } from "../../lib/doors/feature.ts";
import { fingerAnswer } from "../../lib/doors/finger/answer.ts";
import { as } from "../support/app.ts";
import { finger, heldOpen } from "../support/doors.ts";
import { ownerContent, ownerFilesWith } from "../support/owners.ts";
import { startServer, type TestServer } from "../support/server.ts";

const HANDLE = ownerContent("rin", "https://example.com").profile.handle;

/** The fixture owner's /now history, newest first (Lisbon is on UTC in winter). */
const HISTORY = [
  {
    id: "urn:uuid:5c3b8f0e-0000-4000-8000-000000000003",
    at: "2026-11-20T23:12:00Z",
    text: "Reading: Gödel, Escher, Bach",
  },
  {
    id: "urn:uuid:5c3b8f0e-0000-4000-8000-000000000002",
    at: "2026-11-02T08:00:00Z",
    text: "Learning: 日本語の敬語",
  },
  {
    id: "urn:uuid:5c3b8f0e-0000-4000-8000-000000000001",
    at: "2026-10-19T08:00:00Z",
    text: "Building: a drift monitor",
  },
];

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startServer(
    { FINGER_PORT: "0", FINGER_TIMEOUT_SECONDS: "1" },
    { files: ownerFilesWith("rin", { "now-history.json": HISTORY }) },
  );
  port = server.site.service(doors).port("finger") ?? 0;
});
afterAll(() => server.stop());

/** The profile as `/?nocolor` answers it to curl, with CRLF line ends. */
async function plainProfile(): Promise<string> {
  const text = await (await fetch(`${server.url}/?nocolor`, { headers: as.curl })).text();
  return text.replaceAll("\n", "\r\n");
}

/** The plan as the owner's history above gives it, lines ending CRLF. */
const PLAN = [
  "  Plan:",
  "  2026-11-20  Reading: Gödel, Escher, Bach",
  "  2026-11-02  Learning: 日本語の敬語",
  "  2026-10-19  Building: a drift monitor",
  "",
].join("\r\n");

describe("finger handle@site and finger @site", () => {
  test("the owner's handle gets the plain profile, /?nocolor's text, then the plan: lines ending CRLF, no escape codes", async () => {
    const { stdout } = await finger(port, `${HANDLE}\r\n`);
    expect(stdout).toBe(`${await plainProfile()}${PLAN}`);
    expect(stdout).not.toContain("\x1b");
    expect(stdout.replaceAll("\r\n", "")).not.toContain("\n");
  });

  test("/W (finger -l) and the handle in capitals get the same; the empty query (finger @site) the profile alone", async () => {
    const profile = await plainProfile();
    expect((await finger(port, `/W ${HANDLE}\r\n`)).stdout).toBe(`${profile}${PLAN}`);
    expect((await finger(port, `${HANDLE.toUpperCase()}\r\n`)).stdout).toBe(`${profile}${PLAN}`);
    expect((await finger(port, "\r\n")).stdout).toBe(profile);
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
    expect((await finger(port, `${HANDLE}\r\n`)).stdout).toBe(`${await plainProfile()}${PLAN}`);
  });
});

describe("the answer, as a function", () => {
  const owner = {
    handle: "rin",
    plainProfile: () => "line one\nline two\n",
    plan: "  Plan:\n  a day  a line\n",
  };
  test("lines end CRLF", () => {
    expect(fingerAnswer("", owner)).toBe("line one\r\nline two\r\n");
    expect(fingerAnswer("rin", owner)).toBe("line one\r\nline two\r\n  Plan:\r\n  a day  a line\r\n");
  });
  test("only the owner's handle is a user here", () => {
    expect(fingerAnswer("rinn", owner)).toBe("finger: no such user here: rinn\r\n");
  });
});
