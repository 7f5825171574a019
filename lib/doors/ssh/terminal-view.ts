/**
 * @module A terminal session's screen, as the SSH door draws it: the alternate screen with
 * the cursor hidden while it lasts, a window of the current screen's lines as tall as the
 * terminal (less a line of keys), drawn in place (cursor home, each line cleared to its
 * end, the rest cleared), and the keys: scroll, switch screen, leave. It writes nothing
 * itself: each call returns the text to send, so it is tested without a connection.
 */
import type { Style } from "../../profile/ansi/index.ts";
import { truncate } from "../../profile/ansi/index.ts";
import {
  type DoorScreens,
  drawingWidth,
  SCREENS,
  type ScreenName,
  type SessionMoment,
  screenNamed,
} from "./screens.ts";

const ESC = "\x1b[";
/** The alternate screen, and the cursor hidden: what the visitor's terminal had is restored on leaving. */
export const ENTER = `${ESC}?1049h${ESC}?25l`;
/** The cursor shown, and the terminal's own screen back. */
export const LEAVE = `${ESC}?25h${ESC}?1049l`;
const HOME = `${ESC}H`;
const CLEAR_LINE_END = `${ESC}K`;
const CLEAR_SCREEN_END = `${ESC}J`;

/** The screens' names, in the table's order; the first is shown first. */
const SCREEN_NAMES = Object.keys(SCREENS) as ScreenName[];

/** The keys, as the bottom line lists them: leaving, scrolling, then a key per screen. */
export const KEYS_LINE = [
  "q quit",
  "j/k ↓↑ scroll",
  ...SCREEN_NAMES.map((name) => `${SCREENS[name].key} ${name}`),
].join(" · ");

/** What a key asks for. */
type Action = { scroll: number | "page" } | { screen: ScreenName } | "quit";

/** Each key the view knows (arrows as terminals send them, in normal and application mode), and each screen's. */
const KEYS: Readonly<Record<string, Action>> = {
  ...Object.fromEntries(SCREEN_NAMES.map((screen) => [SCREENS[screen].key, { screen }])),
  q: "quit",
  Q: "quit",
  "\x03": "quit",
  "\x04": "quit",
  j: { scroll: 1 },
  k: { scroll: -1 },
  "\x1b[B": { scroll: 1 },
  "\x1b[A": { scroll: -1 },
  "\x1bOB": { scroll: 1 },
  "\x1bOA": { scroll: -1 },
  " ": { scroll: "page" },
};

/** The escape key, which starts what arrow keys send. */
const ESC_KEY = "\x1b";
/** An escape sequence (ESC `[` ... or ESC `O` and a letter), or any one character. */
const ESCAPE_OR_CHARACTER = new RegExp(`${ESC_KEY}(?:\\[[0-9;]*[A-Za-z~]|O[A-Za-z])|[\\s\\S]`, "g");

/** The keys in `input`, in order: an escape sequence is one key, any other character one. */
function keysIn(input: string): string[] {
  return input.match(ESCAPE_OR_CHARACTER) ?? [];
}

export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

export class TerminalView {
  #screen: ScreenName = SCREEN_NAMES[0] as ScreenName;
  #lines: string[] = [];
  #top = 0;
  #frame = 0;
  #size: TerminalSize;

  constructor(
    private readonly screens: DoorScreens,
    size: TerminalSize,
    private readonly style: Style,
    /** The session's moment: how many seconds it has left. */
    private readonly endsIn: () => number,
  ) {
    this.#size = size;
  }

  get screen(): ScreenName {
    return this.#screen;
  }

  /** The first drawing: the alternate screen, and the first screen. */
  open(): string {
    this.#render();
    return `${ENTER}${this.#drawn()}`;
  }

  /**
   * What the visitor typed: the drawing that follows, and whether they asked to leave. A
   * quit key anywhere leaves. A screen key shows that screen from its top, so only the last
   * one in a packet counts, with the scrolling after it: a packet full of keys costs one
   * drawing at most.
   */
  input(data: string): { output: string; quit: boolean } {
    const actions = keysIn(data).flatMap((key) => KEYS[key] ?? []);
    if (actions.includes("quit")) return { output: "", quit: true };
    let after = 0;
    actions.forEach((action, index) => {
      if (action !== "quit" && "screen" in action) after = index + 1;
    });
    const lastScreen = actions[after - 1];
    if (lastScreen !== undefined && lastScreen !== "quit" && "screen" in lastScreen) {
      // The same key again draws it again: a new fortune, the profile from the top.
      this.#screen = lastScreen.screen;
      this.#top = 0;
      this.#frame = 0;
      this.#render();
    }
    for (const action of actions.slice(after)) {
      if (action === "quit" || "screen" in action) continue;
      const by = action.scroll === "page" ? this.#windowRows() : action.scroll;
      this.#top = this.#clampTop(this.#top + by);
    }
    return { output: actions.length > 0 ? this.#drawn() : "", quit: false };
  }

  /** The terminal was resized: everything is drawn again at the new width. */
  resize(size: TerminalSize): string {
    this.#size = size;
    this.#render();
    this.#top = this.#clampTop(this.#top);
    return this.#drawn();
  }

  /** A second passed: a live screen draws its next frame; others stay as they are. */
  tick(): string {
    if (!screenNamed(this.#screen).live) return "";
    this.#frame += 1;
    this.#render();
    return this.#drawn();
  }

  /** The terminal as the visitor had it: cursor back, alternate screen left. */
  close(): string {
    return LEAVE;
  }

  #moment(): SessionMoment {
    return { frame: this.#frame, endsIn: this.endsIn() };
  }

  #render(): void {
    this.#lines = this.screens.draw(
      this.#screen,
      drawingWidth(this.#size.columns),
      this.style,
      this.#moment(),
    );
  }

  /** Rows for the screen's lines: all but the last, which lists the keys. */
  #windowRows(): number {
    return Math.max(1, this.#size.rows - 1);
  }

  #clampTop(top: number): number {
    return Math.max(0, Math.min(top, this.#lines.length - this.#windowRows()));
  }

  #drawn(): string {
    const { columns, rows } = this.#size;
    const shown = this.#lines.slice(this.#top, this.#top + this.#windowRows());
    const fit = (line: string) => `${truncate(line, columns)}${CLEAR_LINE_END}\r\n`;
    const keys = this.style.muted(truncate(` ${KEYS_LINE}`, columns));
    // Lines end in CR LF: no terminal driver on this side turns LF into both. The keys go
    // on the last row, with no line end after them, so the screen never scrolls.
    return `${HOME}${shown.map(fit).join("")}${CLEAR_SCREEN_END}${ESC}${rows};1H${keys}${CLEAR_LINE_END}`;
  }
}
