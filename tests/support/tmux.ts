/**
 * Test support: a real terminal, tmux (from Debian; `scripts/install-test-tools.sh` installs
 * it), showing what `curl -s URL` prints, as a person at that terminal sees it, what
 * `curl -sN URL` keeps drawing, and any command typed into (`ssh` to the SSH door).
 */

export interface TmuxTerminal {
  /**
   * What a terminal `columns` wide shows after `curl -s URL`, line by line, trailing blanks
   * dropped; with `joined`, a line the terminal wrapped is one line again, as tmux copies it.
   */
  shown(url: string, options?: { columns?: number; joined?: boolean }): Promise<string>;
  /**
   * What a terminal `columns` × `rows` shows after `curl -sN URL` has run for `seconds`
   * (the screen, trailing blanks dropped), and how many lines scrolled off its top.
   */
  watched(
    url: string,
    options: { columns: number; rows: number; seconds: number },
  ): Promise<{ screen: string; scrolledOff: number }>;
  /**
   * Runs `command` in a terminal `columns` × `rows`, to be typed into, resized and looked
   * at; when it exits, the screen shows `__EXIT <status>`.
   */
  run(command: string, size: { columns: number; rows: number }): TmuxSession;
  /** Ends the tmux server. */
  stop(): void;
}

/** A command running in a tmux terminal. */
export interface TmuxSession {
  /** The screen now, trailing blanks dropped. */
  screen(): string;
  /** Waits until the screen matches `pattern`, or passes it as a test (or `ms` pass: then throws, with the screen). */
  waitFor(pattern: RegExp | ((screen: string) => boolean), ms?: number): Promise<string>;
  /** Types keys, as `tmux send-keys` names them: `j`, `Down`, `C-c`. */
  send(...keys: string[]): void;
  resize(columns: number, rows: number): void;
  kill(): void;
}

/**
 * A tmux server of the caller's own: other users of tmux on the machine cannot end it, and
 * a session kept open keeps it from exiting (and refusing a new session) between tests.
 */
export function tmuxTerminal(): TmuxTerminal {
  const socket = `site-test-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const tmux = (...args: string[]) => Bun.spawnSync(["tmux", "-L", socket, ...args], { stderr: "pipe" });
  if (tmux("new-session", "-d", "-s", "keep", "sleep 600").exitCode !== 0) {
    throw new Error("tmux would not start a session");
  }

  /** A new session `columns` × `rows` running `command`; its name. */
  function sessionRunning(columns: number, rows: number, command: string): string {
    const name = `site-${crypto.randomUUID().slice(0, 8)}`;
    const started = tmux("new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows), command);
    if (started.exitCode !== 0) throw new Error(`tmux would not start: ${started.stderr}`);
    return name;
  }

  async function shown(url: string, { columns = 100, joined = false } = {}): Promise<string> {
    const session = sessionRunning(columns, 150, `curl -s '${url}'; echo __END__; sleep 30`);
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

  async function watched(
    url: string,
    { columns, rows, seconds }: { columns: number; rows: number; seconds: number },
  ) {
    const session = sessionRunning(columns, rows, `curl -sN '${url}'`);
    try {
      await Bun.sleep(seconds * 1000);
      const screen = tmux("capture-pane", "-p", "-t", session).stdout.toString();
      const scrolledOff = Number(
        tmux("display-message", "-p", "-t", session, "#{history_size}").stdout.toString(),
      );
      return {
        screen: screen
          .split("\n")
          .map((line) => line.trimEnd())
          .join("\n")
          .trimEnd(),
        scrolledOff,
      };
    } finally {
      tmux("kill-session", "-t", session);
    }
  }

  function run(command: string, { columns, rows }: { columns: number; rows: number }): TmuxSession {
    const session = `site-${crypto.randomUUID().slice(0, 8)}`;
    const started = tmux(
      "new-session",
      "-d",
      "-s",
      session,
      "-x",
      String(columns),
      "-y",
      String(rows),
      `${command}; echo "__EXIT $?"; sleep 30`,
    );
    if (started.exitCode !== 0) throw new Error(`tmux would not start: ${started.stderr}`);
    const screen = () =>
      tmux("capture-pane", "-p", "-t", session)
        .stdout.toString()
        .split("\n")
        .map((line) => line.trimEnd())
        .join("\n")
        .trimEnd();
    return {
      screen,
      async waitFor(pattern, ms = 5000) {
        const deadline = performance.now() + ms;
        for (;;) {
          const now = screen();
          if (typeof pattern === "function" ? pattern(now) : pattern.test(now)) return now;
          if (performance.now() > deadline) throw new Error(`the screen never showed ${pattern}:\n${now}`);
          await Bun.sleep(50);
        }
      },
      send: (...keys) => void tmux("send-keys", "-t", session, ...keys),
      resize: (width, height) =>
        void tmux("resize-window", "-t", session, "-x", String(width), "-y", String(height)),
      kill: () => void tmux("kill-session", "-t", session),
    };
  }

  return { shown, watched, run, stop: () => void tmux("kill-server") };
}
