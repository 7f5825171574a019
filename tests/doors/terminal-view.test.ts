/**
 * A terminal session's screen, without a connection: drawn in place on the alternate
 * screen, a window of lines as tall as the terminal, the keys on the last row, scrolling
 * bounded at both ends, a resize redrawn at the new width, and the terminal restored.
 */
import { describe, expect, test } from "bun:test";
import { type DoorScreens, SCREENS, type ScreenName } from "../../lib/doors/ssh/screens.ts";
import { ENTER, KEYS_LINE, LEAVE, TerminalView } from "../../lib/doors/ssh/terminal-view.ts";
import { PLAIN, visibleWidth } from "../../lib/profile/ansi/index.ts";

/** Screens of numbered lines, as wide as asked: `profile 0`, `profile 1`, ... */
const screens: DoorScreens = {
  draw: (screen: ScreenName, width: number, _style, { frame }) =>
    Array.from({ length: 50 }, (_, i) =>
      `${screen} ${i}${screen === "live" ? ` frame ${frame}` : ""}`.padEnd(width, "."),
    ),
};

/** What a drawing leaves on a screen: the lines between cursor home and the clear, and the last row. */
function shown(drawing: string): { lines: string[]; keys: string } {
  const body = drawing.slice(drawing.lastIndexOf("\x1b[H") + 3);
  const [lines = "", keys = ""] = body.split("\x1b[J");
  return {
    lines: lines
      .split("\r\n")
      .filter(Boolean)
      .map((line) => line.replace("\x1b[K", "")),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the cursor's move to the last row is what is cut.
    keys: keys.replace(/\x1b\[\d+;1H/, "").replace("\x1b[K", ""),
  };
}

const view = (columns = 60, rows = 10) => new TerminalView(screens, { columns, rows }, PLAIN, () => 600);

describe("the first drawing", () => {
  test("enters the alternate screen with the cursor hidden, and shows the first rows less one", () => {
    const drawing = view().open();
    expect(drawing.startsWith(ENTER)).toBe(true);
    const { lines, keys } = shown(drawing);
    expect(lines).toHaveLength(9);
    expect(lines[0]).toStartWith("profile 0");
    expect(keys).toStartWith(` ${KEYS_LINE.slice(0, 40)}`);
    expect(visibleWidth(keys)).toBeLessThanOrEqual(60);
  });

  test("never writes a line end after the last row: the screen cannot scroll", () => {
    expect(view().open()).toEndWith("\x1b[K");
    expect(view().open()).toContain("\x1b[10;1H");
  });
});

describe("keys", () => {
  test("j and the down arrow (both modes) scroll one line, k and the up arrow back; never past either end", () => {
    const v = view();
    v.open();
    expect(shown(v.input("j").output).lines[0]).toStartWith("profile 1");
    expect(shown(v.input("\x1b[B\x1bOB").output).lines[0]).toStartWith("profile 3");
    expect(shown(v.input("kkkkkk").output).lines[0]).toStartWith("profile 0");
    expect(shown(v.input("j".repeat(100)).output).lines.at(-1)).toStartWith("profile 49");
  });

  test("p, n, l and f switch screens, from the top", () => {
    const v = view();
    v.open();
    v.input("jjj");
    expect(shown(v.input("n").output).lines[0]).toStartWith("now 0");
    expect(shown(v.input("f").output).lines[0]).toStartWith("fortune 0");
    expect(shown(v.input("l").output).lines[0]).toStartWith("live 0 frame 0");
    expect(shown(v.input("p").output).lines[0]).toStartWith("profile 0");
  });

  test("the live view draws its next frame each tick; other screens stay still", () => {
    const v = view();
    v.open();
    expect(v.tick()).toBe("");
    v.input("l");
    expect(shown(v.tick()).lines[0]).toStartWith("live 0 frame 1");
  });

  test("every screen has a key of its own, listed in the keys line, that no other key takes", () => {
    const keys = Object.values(SCREENS).map(({ key }) => key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, { key }] of Object.entries(SCREENS)) {
      expect(KEYS_LINE).toContain(`${key} ${name}`);
      expect(["q", "Q", "j", "k", " "]).not.toContain(key);
      const v = view();
      v.open();
      expect(shown(v.input(key).output).lines[0]).toStartWith(`${name} 0`);
    }
  });

  test("q, Q, Ctrl-C and Ctrl-D leave; other keys draw nothing", () => {
    for (const key of ["q", "Q", "\x03", "\x04"]) expect(view().input(key).quit).toBe(true);
    expect(view().input("z")).toEqual({ output: "", quit: false });
  });

  test("leaving shows the cursor again and restores the terminal's own screen", () => {
    expect(view().close()).toBe(LEAVE);
  });
});

test("a resize draws again at the new width, the window as tall as the new terminal", () => {
  const v = view(100, 30);
  v.open();
  const { lines } = shown(v.resize({ columns: 50, rows: 12 }));
  expect(lines).toHaveLength(11);
  expect(lines.every((line) => visibleWidth(line) === 50)).toBe(true);
});

test("a terminal narrower than the narrowest drawing is cut at its edge", () => {
  const { lines } = shown(view(30, 10).open());
  expect(lines.every((line) => visibleWidth(line) <= 30)).toBe(true);
});

describe("a packet full of keys", () => {
  test("is drawn once, as its last screen key asks, however many it holds", () => {
    let drawings = 0;
    const counting: DoorScreens = {
      ...screens,
      draw: (...args) => {
        drawings += 1;
        return screens.draw(...args);
      },
    };
    const flooded = new TerminalView(counting, { columns: 60, rows: 10 }, PLAIN, () => 600);
    flooded.open();
    drawings = 0;
    const { output } = flooded.input(`${"pf".repeat(16_000)}n`);
    expect(drawings).toBe(1);
    expect(shown(output).lines[0]).toStartWith("now 0");
  });

  test("still leaves on a quit key anywhere in it", () => {
    expect(view().input(`${"j".repeat(1000)}q${"k".repeat(1000)}`)).toEqual({ output: "", quit: true });
  });
});
