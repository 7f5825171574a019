/**
 * In a real terminal (tmux, from Debian; `scripts/install-test-tools.sh` installs it), every
 * text answer a terminal gets, in every palette, shows on screen the very text that
 * `?nocolor` shows: colour changes how the text looks, never what it says or where it goes.
 * With a long SITE_URL, a command copied from the pane is the command; and a name in
 * Devanagari fits the width.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { visibleWidth } from "../../lib/utils/width.ts";
import { as, otherOwner, terminalTextPaths, testApp, withQuery } from "../support/app.ts";
import { commandProblems, commandsIn, LONG_SITE_URL } from "../support/commands.ts";
import { ownerContent, ownerDir } from "../support/owners.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { tmuxTerminal } from "../support/tmux.ts";

let server: TestServer;
const terminal = tmuxTerminal();
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => {
  terminal.stop();
  return server.stop();
});
const { shown } = terminal;

const PALETTES = ["", "truecolor", "theme=dark", "theme=light&truecolor"];

test.each([...(await terminalTextPaths(testApp())), "/?help"])(
  "%s shows the same text in every palette as without colour",
  async (path) => {
    const joined = (query: string) => withQuery(`${server.url}${path}`, `?${query}`);
    for (const palette of PALETTES) {
      // The palette's own text without colour: a theme may draw other text (a QR code's blocks).
      const plain = await shown(joined(palette ? `${palette}&nocolor` : "nocolor"));
      expect(plain.split("\n").length).toBeGreaterThan(10);
      expect({ palette, screen: await shown(joined(palette)) }).toEqual({ palette, screen: plain });
    }
  },
);

/** Every text answer a terminal gets, and the widths a command is copied from it at. */
const COPIED: [path: string, columns: number[]][] = [
  ...(await terminalTextPaths(testApp(), ownerContent("rin", LONG_SITE_URL))).map(
    (path): [string, number[]] => [path, path === "/" ? [40, 80, 120] : [40]],
  ),
  ["/?help", [40]],
];

describe("with a long SITE_URL, a command copied from the pane is the command", () => {
  let long: TestServer;
  beforeAll(async () => {
    long = await startServer({ SITE_URL: LONG_SITE_URL });
  });
  afterAll(() => long.stop());

  test.each(COPIED)("%s", async (path, widths) => {
    const text = await (
      await fetch(withQuery(`${long.url}${path}`, "?nocolor&width=200"), { headers: as.curl })
    ).text();
    const expected = commandsIn(text);
    for (const columns of widths) {
      const pane = await shown(withQuery(`${long.url}${path}`, `?nocolor&width=${columns}`), {
        columns,
        joined: true,
      });
      const problems = expected.flatMap((command) => commandProblems(pane, command));
      expect({ columns, problems }).toEqual({ columns, problems: [] });
    }
  });
});

test("an owner whose name is in Devanagari: every line fits a 40-column terminal as tmux draws it", async () => {
  const other = await startServer({ CONTENT_DIR: ownerDir("anuradha") });
  try {
    const url = `${other.url}/?nocolor&width=40`;
    const pane = await shown(url, { columns: 40 });
    // A line tmux wraps shows as more than one row. Only a line holding a single command
    // word may be wider than 40 columns (and so wrap); any other row more means tmux
    // measured a line wider than the renderer did.
    const text = await (await fetch(url, { headers: as.curl })).text();
    const rows = text
      .trimEnd()
      .split("\n")
      .reduce((sum, line) => sum + Math.max(1, Math.ceil(visibleWidth(line) / 40)), 0);
    expect(pane.split("\n").length).toBe(rows);
    // A long name wraps between its words, never inside one.
    const words = otherOwner.profile.name.split(" ");
    for (const word of words) expect(pane.split("\n").some((row) => row.includes(word))).toBe(true);
  } finally {
    await other.stop();
  }
});
