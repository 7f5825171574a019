/**
 * @module A session with a terminal: the screens of `terminal-view.ts` drawn on it, the
 * live view's next frame each second, the keys read, a window change redrawn at most ten
 * times a second; a visitor who stops reading dropped once 64 KiB wait for them (in the
 * channel and the socket together: ssh2 writes to the socket up to the window the client
 * gave, which may be gigabytes). When it closes, the visitor's screen is restored and the
 * reason told in a last line.
 */
import type { CloseReason } from "../door/reasons.ts";
import type { SshSettings } from "./config.ts";
import type { DoorScreens } from "./screens.ts";
import type { Handler, WindowSize } from "./session.ts";
import { terminalStyle } from "./terminal-colour.ts";
import { TerminalView } from "./terminal-view.ts";

/** What may wait unread for one visitor before they are dropped: a few screens. */
export const SSH_QUEUE_LIMIT_BYTES = 64 * 1024;

/** How often, at most, a resized terminal is drawn again: a flood of window changes is one redraw. */
const RESIZE_REDRAW_MS = 100;

export interface TerminalOptions {
  readonly screens: DoorScreens;
  readonly settings: Pick<SshSettings, "sessionSeconds" | "idleSeconds">;
  /** What a visitor types to come back. */
  readonly comeBack: () => string;
}

/** The last line of a session the door closed, after the visitor's screen is restored. */
function lastLines({ settings, comeBack }: TerminalOptions): Partial<Record<CloseReason, () => string>> {
  const { sessionSeconds, idleSeconds } = settings;
  const lasts = sessionSeconds % 60 === 0 ? `${sessionSeconds / 60} min` : `${sessionSeconds} s`;
  return {
    shutdown: () => "The site is restarting; connect again in a few seconds.\r\n",
    time_up: () => `A session lasts ${lasts}. Connect again with: ${comeBack()}\r\n`,
    idle: () => `Closed after ${idleSeconds} s without a key pressed. Connect again with: ${comeBack()}\r\n`,
    too_slow: () => `Dropped: ${SSH_QUEUE_LIMIT_BYTES / 1024} KiB of the screen waited unread.\r\n`,
  };
}

export function terminal(options: TerminalOptions): Handler {
  const last = lastLines(options);
  return function terminalHandler(session) {
    const pty = session.pty ?? { term: "dumb", columns: 80, rows: 24 };
    const endsAt = performance.now() + options.settings.sessionSeconds * 1000;
    const view = new TerminalView(
      options.screens,
      pty,
      terminalStyle(pty.term, session.env.COLORTERM),
      () => (endsAt - performance.now()) / 1000,
    );
    const write = (text: string) => {
      session.write(text);
      if (session.unread > SSH_QUEUE_LIMIT_BYTES) session.close("too_slow");
    };
    const ticking = setInterval(() => write(view.tick()), 1000);
    session.onClose((reason) => {
      clearInterval(ticking);
      write(`${view.close()}${last[reason]?.() ?? ""}`);
    });
    session.onData((keys) => {
      const { output, quit } = view.input(keys);
      if (quit) session.close("left");
      else write(output);
    });
    // The newest size, drawn once a tenth of a second at most.
    let resized: WindowSize | undefined;
    session.onWindowChange((size) => {
      const redrawLater = resized === undefined;
      resized = size;
      if (!redrawLater) return;
      setTimeout(
        () =>
          session.guard(() => {
            const newest = resized;
            resized = undefined;
            if (newest) write(view.resize(newest));
          }),
        RESIZE_REDRAW_MS,
      );
    });
    write(view.open());
  };
}
