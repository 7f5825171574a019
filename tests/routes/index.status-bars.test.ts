/**
 * One-liners as status bars read them: an error is one line of text, tmux gets its own
 * styles (checked in a real tmux status line), Waybar its JSON with Pango markup escaped
 * (checked by Pango's own parser), no stray space where a code gives nothing, and DEL and
 * the C1 controls kept out as the C0 ones are.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { as, FIXED_NOW, send, testApp } from "../support/app.ts";
import { ownerFile, ownerFilesWith } from "../support/owners.ts";
import { pangoShows } from "../support/pango.ts";
import { startServer, type TestServer } from "../support/server.ts";

const app = testApp();
const line = async (query: string, headers: Record<string, string> = as.curl) => {
  const response = await send(app, `/?${query}`, headers);
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
};

describe("a one-liner's error", () => {
  test.each(Object.entries(as))(
    "is one line of plain text for %s, not a JSON envelope whose last line is }",
    async (_name, headers) => {
      const { status, type, body } = await line("format=%25q", headers);
      expect({ status, type }).toEqual({ status: 400, type: "text/plain; charset=utf-8" });
      expect(body).toMatch(/^format has %q, which is no code: [^\n]+\n$/);
    },
  );

  test("for Waybar is its JSON: a mark as the text, the reason as the tooltip", async () => {
    const { status, body } = await line("format=%25q&waybar");
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({ text: "⚠", tooltip: expect.stringContaining("%q"), class: "error" });
  });
});

describe("with &tmux", () => {
  test("an error's # is written ##, so tmux shows it as it is", async () => {
    const { body } = await line("format=%25n%25%23&tmux");
    expect(body).toContain("format has %##");
  });

  test("?help stays in the terminal's colours: a person reads it, not tmux", async () => {
    const { body } = await line("format=1&tmux&help");
    expect(body).not.toMatch(/#\[(dim|default|fg=colour)/);
    expect(body).toContain("\x1b[");
  });
});

describe("codes that give nothing", () => {
  test("leave no stray space: %h %a before any activity is the handle alone", async () => {
    expect((await line("format=%25h+%25a")).body).toBe("rin\n");
    expect((await line("format=%25a+%25h")).body).toBe("rin\n");
    expect((await line("format=%25h+%25a+%25t")).body).toBe("rin 14:05\n");
  });
});

describe("switches that mean nothing for one line", () => {
  test("?width is ignored, as any parameter a one-liner has no use for", async () => {
    expect(await line("format=1&width=30")).toEqual(await line("format=1"));
  });
});

describe("DEL and the C1 controls", () => {
  test.each([
    ["DEL", "%7F"],
    ["U+0085, the C1 next line", "%C2%85"],
    ["U+009B, which starts an escape sequence alone in some terminals", "%C2%9B"],
  ])("%s in a format is refused, named by its code point", async (_what, encoded) => {
    const { status, body } = await line(`format=%25n${encoded}%25t`);
    expect(status).toBe(400);
    expect(body).toContain("format holds a control character");
  });

  test("in a drawn value is replaced by a space, as a C0 control is", async () => {
    const profile = {
      ...ownerFile<Record<string, unknown>>("rin", "profile.json"),
      role: "Busy\u009b2Jnow\u007fdone",
    };
    const owner = testApp({
      files: ownerFilesWith("rin", { "profile.json": profile }),
      clock: () => FIXED_NOW.getTime(),
    });
    const body = await (await send(owner, "/?format=%25r", as.curl)).text();
    expect(body).toBe("Busy 2Jnow done\n");
  });
});

describe("for Waybar", () => {
  const markup = "R&D on <Iceberg> & 'quotes'";
  const owner = testApp({
    files: ownerFilesWith("rin", {
      "now.json": { ...ownerFile<Record<string, unknown>>("rin", "now.json"), status: markup },
    }),
  });

  test("answers its JSON: the line as text, the whole status as tooltip, a class", async () => {
    const response = await send(owner, "/?format=2&waybar", as.curl);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const module = await response.json();
    expect(Object.keys(module).sort()).toEqual(["class", "text", "tooltip"]);
    expect(module.class).toBe("idle");
    expect(module.tooltip.split("\n")).toEqual([
      "Rin Hayashi · Saturday 14:05 (Europe/Lisbon)",
      expect.stringContaining("Now: R&amp;D on &lt;Iceberg&gt;"),
      expect.stringMatching(/^Building: /),
    ]);
  });

  test("its text and tooltip are markup Pango reads back as the status, where the raw text is refused", async () => {
    const module = await (await send(owner, "/?format=%25s&waybar", as.curl)).json();
    expect(pangoShows(module.text)).toEqual({ shown: markup });
    expect(pangoShows(module.tooltip)).toEqual({ shown: expect.stringContaining(`Now: ${markup}`) });
    expect(pangoShows(markup)).toEqual({ refused: expect.any(String) });
  });
});

describe("in a real terminal: tmux's status line, bash's prompt", () => {
  let server: TestServer;
  const socket = `site-status-${process.pid}`;
  const tmux = (...args: string[]) => Bun.spawnSync(["tmux", "-L", socket, ...args]);
  let innerServers = 0;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => {
    tmux("kill-server");
    return server.stop();
  });

  /**
   * The status line a tmux shows, drawn inside another tmux whose pane is captured with its
   * escape codes: what a person sees of `status-right` set to `#(curl -s URL)`.
   */
  async function statusLine(url: string): Promise<{ text: string; drawn: string }> {
    // A server of its own each time: the last one may still be exiting, and a new session
    // on its socket would then fail and take the pane with it.
    const inner = `${socket}-inner-${++innerServers}`;
    // tmux passes status-right through strftime first: a % is written %%.
    const command = `curl -s '${url.replaceAll("%", "%%")}'`;
    const setup = `set -g status-interval 1 \\; set -g status-right-length 120 \\; set -g status-right "#(${command})"`;
    tmux(
      "new-session",
      "-d",
      "-s",
      "outer",
      "-x",
      "120",
      "-y",
      "5",
      `tmux -L ${inner} -f /dev/null new-session \\; ${setup}`,
    );
    try {
      for (let waited = 0; waited < 12_000; waited += 200) {
        await Bun.sleep(200);
        const text =
          tmux("capture-pane", "-p", "-t", "outer").stdout.toString().trimEnd().split("\n").at(-1) ?? "";
        if (text.includes("Rin")) {
          const drawn = tmux("capture-pane", "-p", "-e", "-t", "outer")
            .stdout.toString()
            .trimEnd()
            .split("\n")
            .at(-1);
          return { text, drawn: drawn ?? "" };
        }
      }
      throw new Error("the status line never showed the one-liner");
    } finally {
      tmux("kill-session", "-t", "outer");
      Bun.spawnSync(["tmux", "-L", inner, "kill-server"]);
    }
  }

  test("&tmux is drawn in colour, with no markup left showing", async () => {
    const { text, drawn } = await statusLine(`${server.url}/?format=1&tmux`);
    expect(text).toEndWith("Rin Hayashi · 14:05");
    expect(text).not.toContain("#[");
    // The time in the palette's accent, colour 31, as tmux draws it.
    expect(drawn).toContain("\x1b[38;5;31m");
  }, 20_000);

  test("a # in the format is shown as written, not read as tmux's", async () => {
    // Unescaped, tmux would show its session's name for #S.
    const { text } = await statusLine(`${server.url}/?format=%25n+%23S&tmux`);
    expect(text).toEndWith("Rin Hayashi #S");
  }, 20_000);

  test("bash's PS1 shows the one-liner before the prompt sign, as the README sets it", async () => {
    // The README's line, with this server's URL: bash reads no % in PS1, so none is doubled.
    const prompt = `$(curl -s --max-time 1 "${server.url}/?format=%h+%t") \\$ `;
    tmux(
      "new-session",
      "-d",
      "-s",
      "prompt",
      "-x",
      "80",
      "-y",
      "5",
      // Single-quoted, so the shell starting bash leaves $(…) for bash to run at each prompt.
      `env PS1='${prompt}' bash --norc --noprofile -i`,
    );
    let shown = "";
    for (let waited = 0; waited < 8000 && !shown.includes("rin"); waited += 200) {
      await Bun.sleep(200);
      shown = tmux("capture-pane", "-p", "-t", "prompt").stdout.toString();
    }
    expect(shown.trimEnd().split("\n").at(-1)).toMatch(/^rin 14:05 [$#]$/);
  }, 15_000);
});
