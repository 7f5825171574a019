/**
 * In a real terminal (tmux, from Debian; `scripts/install-test-tools.sh` installs it), every
 * palette's answer shows on screen the very text that `?nocolor` shows: colour changes how
 * the text looks, never what it says or where it goes. With a long SITE_URL, a command
 * copied from the pane is the command; and a name in Devanagari fits the width.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { visibleWidth } from "../../lib/profile/ansi/width.ts";
import { as, otherOwner, sample, withQuery } from "../support/app.ts";
import { commandProblems, LONG_SITE_URL, textCommands } from "../support/commands.ts";
import { codeLines, decode, toPbm } from "../support/qr-image.ts";
import { startServer, type TestServer } from "../support/server.ts";

/**
 * A tmux server of this file's own: other users of tmux on the machine cannot end it, and
 * a session kept open keeps it from exiting (and refusing a new session) between tests.
 */
const SOCKET = `site-test-${process.pid}`;
const tmux = (...args: string[]) => Bun.spawnSync(["tmux", "-L", SOCKET, ...args], { stderr: "pipe" });

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  expect(tmux("new-session", "-d", "-s", "keep", "sleep 600").exitCode).toBe(0);
});
afterAll(() => {
  tmux("kill-server");
  return server.stop();
});

/**
 * What a terminal `columns` wide shows after `curl -s URL`, line by line, trailing blanks
 * dropped; with `joined`, a line the terminal wrapped is one line again, as tmux copies it.
 */
async function shown(url: string, { columns = 100, joined = false } = {}): Promise<string> {
  const session = `site-${crypto.randomUUID().slice(0, 8)}`;
  const started = tmux(
    "new-session",
    "-d",
    "-s",
    session,
    "-x",
    String(columns),
    "-y",
    "150",
    `curl -s '${url}'; echo __END__; sleep 30`,
  );
  expect(started.exitCode).toBe(0);
  try {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const capture = ["capture-pane", "-p", "-t", session, "-S", "-", ...(joined ? ["-J"] : [])];
      const screen = tmux(...capture).stdout.toString();
      if (screen.includes("__END__")) {
        return screen
          .slice(0, screen.indexOf("__END__"))
          .split("\n")
          .map((line) => line.trimEnd())
          .join("\n")
          .trimEnd();
      }
      await Bun.sleep(50);
    }
    throw new Error(`${url} never finished in tmux`);
  } finally {
    tmux("kill-session", "-t", session);
  }
}

const PALETTES = ["", "truecolor", "theme=dark", "theme=light&truecolor"];

test.each(["/", "/api/curl", "/api/ping", "/api/curl?help"])(
  "%s shows the same text in every palette as without colour",
  async (path) => {
    const joined = (query: string) => withQuery(`${server.url}${path}`, query && `?${query}`);
    const plain = await shown(joined("nocolor"));
    expect(plain.split("\n").length).toBeGreaterThan(10);
    for (const palette of PALETTES) {
      expect({ palette, screen: await shown(joined(palette)) }).toEqual({ palette, screen: plain });
    }
  },
);

test.each([
  ["a dark terminal", "", false],
  ["a light terminal (?theme=light)", "theme=light&", true],
])(
  "/api/vcard shows on %s a QR code that zbarimg reads, in colour and without",
  async (_, theme, inkIsDark) => {
    const card = await (await fetch(`${server.url}/api/vcard`)).text();
    const plain = await shown(`${server.url}/api/vcard?${theme}nocolor`);
    expect(decode(toPbm(codeLines(plain), { inkIsDark }))).toBe(card);
    for (const palette of ["", "truecolor"]) {
      expect({ palette, screen: await shown(`${server.url}/api/vcard?${theme}${palette}`) }).toEqual({
        palette,
        screen: plain,
      });
    }
  },
);

describe("with a long SITE_URL, a command copied from the pane is the command", () => {
  let long: TestServer;
  beforeAll(async () => {
    long = await startServer({ SITE_URL: LONG_SITE_URL });
  });
  afterAll(() => long.stop());

  const commands = textCommands(LONG_SITE_URL, sample);
  const answers: [path: string, commands: readonly string[], columns: number[]][] = [
    ["/api/curl", commands.profile, [40, 80, 120]],
    ["/api/ping", commands.ping, [40]],
    ["/api/curl?help", commands.help("/api/curl"), [40]],
    ["/api/vcard", commands.vcard, [40]],
  ];
  test.each(answers)("%s", async (path, expected, widths) => {
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
  const other = await startServer({}, { content: otherOwner });
  try {
    const url = `${other.url}/api/curl?nocolor&width=40`;
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
