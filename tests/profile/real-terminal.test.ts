/**
 * In a real terminal (tmux, from Debian; `scripts/install-test-tools.sh` installs it), every
 * palette's answer shows on screen the very text that `?nocolor` shows: colour changes how
 * the text looks, never what it says or where it goes.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { codeLines, decode, toPbm } from "../support/qr-image.ts";
import { startServer, type TestServer } from "../support/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const tmux = (...args: string[]) => Bun.spawnSync(["tmux", ...args], { stderr: "pipe" });

/** What a 100-column terminal shows after `curl -s URL`, line by line, trailing blanks dropped. */
async function shown(url: string): Promise<string> {
  const session = `site-${crypto.randomUUID().slice(0, 8)}`;
  const started = tmux(
    "new-session",
    "-d",
    "-s",
    session,
    "-x",
    "100",
    "-y",
    "150",
    `curl -s '${url}'; echo __END__; sleep 30`,
  );
  expect(started.exitCode).toBe(0);
  try {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const screen = tmux("capture-pane", "-p", "-t", session).stdout.toString();
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
    const joined = (query: string) =>
      `${server.url}${path}${query ? `${path.includes("?") ? "&" : "?"}${query}` : ""}`;
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
