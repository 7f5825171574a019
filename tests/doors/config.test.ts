/** The doors' variables: off unless their port is set, defaults as documented, a bad value refused in one line. */
import { describe, expect, test } from "bun:test";
import { doors } from "../../lib/doors/feature.ts";
import { colourDepth } from "../../lib/doors/ssh/terminal-colour.ts";
import { settingsOf } from "../support/settings.ts";

describe("SSH_* and FINGER_*", () => {
  test("both doors are closed unless their port is set", () => {
    expect(settingsOf(doors, {})).toEqual({
      proxyProtocol: false,
      doors: { ssh: undefined, finger: undefined },
    });
  });

  test("the defaults: 50 sessions, 3 per address, 600 s each, 120 s idle, 10 s to shake hands; finger's 5 s", () => {
    expect(settingsOf(doors, { SSH_PORT: "2222", FINGER_PORT: "7979" })).toEqual({
      proxyProtocol: false,
      doors: {
        ssh: {
          port: 2222,
          settings: {
            hostKey: undefined,
            max: 50,
            perClient: 3,
            sessionSeconds: 600,
            idleSeconds: 120,
            handshakeSeconds: 10,
          },
        },
        finger: { port: 7979, settings: { timeoutSeconds: 5 } },
      },
    });
  });

  test.each([
    [{ SSH_PORT: "twenty-two" }, 'SSH_PORT: must be a whole number from 0 to 65535, got "twenty-two"'],
    [{ SSH_PORT: "3000" }, "SSH_PORT: must differ from PORT (3000): set SSH_PORT to another port"],
    [{ SSH_PORT: "2222", FINGER_PORT: "2222" }, "FINGER_PORT: must differ from SSH_PORT (2222)"],
    [{ METRICS_PORT: "9091", FINGER_PORT: "9091" }, "FINGER_PORT: must differ from METRICS_PORT (9091)"],
    [
      { SSH_PORT: "2222", SSH_MAX_SESSIONS: "0" },
      'SSH_MAX_SESSIONS: must be a whole number from 1 to 10000, got "0"',
    ],
    [{ SSH_PORT: "2222", SSH_HANDSHAKE_SECONDS: "-1" }, "SSH_HANDSHAKE_SECONDS: must be a whole number"],
    [{ FINGER_PORT: "79", FINGER_TIMEOUT_SECONDS: "1.5" }, "FINGER_TIMEOUT_SECONDS: must be a whole number"],
  ])("%p is refused: %s", (env, message) => {
    expect(() => settingsOf(doors, env)).toThrow(message);
  });
});

describe("DOORS_PROXY_PROTOCOL", () => {
  const fly = { FLY_APP_NAME: "site-test", FLY_MACHINE_ID: "abc123", FLY_REGION: "ams", METRICS_PORT: "off" };
  test("on by default on Fly, where Fly's proxy writes the header; off elsewhere", () => {
    expect(settingsOf(doors, fly).proxyProtocol).toBe(true);
    expect(settingsOf(doors, {}).proxyProtocol).toBe(false);
  });

  test("the operator's word wins either way", () => {
    expect(settingsOf(doors, { ...fly, DOORS_PROXY_PROTOCOL: "off" }).proxyProtocol).toBe(false);
    expect(settingsOf(doors, { DOORS_PROXY_PROTOCOL: "on" }).proxyProtocol).toBe(true);
  });

  test("anything but on or off is refused in one line", () => {
    expect(() => settingsOf(doors, { DOORS_PROXY_PROTOCOL: "yes" })).toThrow(
      'DOORS_PROXY_PROTOCOL: must be "on" or "off", got "yes"',
    );
  });

  test("--help says what it does, before each door's variables", () => {
    const help = doors.settings?.help.flatMap(({ variables }) => variables) ?? [];
    expect(help.slice(0, 2)).toEqual(["DOORS_PROXY_PROTOCOL", "SSH_PORT"]);
  });
});

describe("the colour a terminal session is drawn in", () => {
  test.each([
    ["xterm-256color", "truecolor", 3],
    ["xterm", "24bit", 3],
    ["xterm-256color", undefined, 2],
    ["screen-256color", undefined, 2],
    ["xterm", undefined, 1],
    ["vt100", undefined, 1],
    ["dumb", "truecolor", undefined],
  ] as const)("TERM=%s COLORTERM=%s: depth %p", (term, colorterm, depth) => {
    expect(colourDepth(term, colorterm)).toBe(depth);
  });
});
