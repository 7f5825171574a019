/**
 * One-liners, `GET /?format=…`: one line of plain text for every client, each code, the
 * presets with and without activity, colour only when asked, a clear 400 for a format it
 * cannot read (never repeating more of it than the one code), HEAD, and revalidation.
 */
import { describe, expect, test } from "bun:test";
import { stripColour } from "../../lib/profile/ansi/index.ts";
import { FORMAT_CODES, FORMAT_PRESETS, MAX_FORMAT_LENGTH } from "../../lib/profile/one-liner.ts";
import { as, FIXED_NOW, otherOwner, send, testApp } from "../support/app.ts";
import { PLAYED, PLAYING, PUSH, shownFeed } from "../support/live.ts";
import { ownerFiles } from "../support/owners.ts";

const withActivity = testApp({ live: shownFeed([PLAYING, PUSH]) });
const without = testApp();

const line = async (
  app: ReturnType<typeof testApp>,
  query: string,
  headers: Record<string, string> = as.curl,
) => {
  const response = await send(app, `/?format=${query}`, headers);
  return { status: response.status, body: await response.text() };
};

describe("each code", () => {
  const EXPECTED: Record<string, string> = {
    n: "Rin Hayashi",
    h: "rin",
    r: "Staff ML Engineer",
    l: "Lisbon, Portugal",
    t: "14:05",
    z: "Europe/Lisbon",
    s: "Rebuilding our eval harness; learning to surf, badly",
    b: "An eval harness that diffs model runs the way we review code",
    a: "pushed to rin-example/evals · 12 min ago",
    m: "listening to Harbour Lights by The Night Ferries",
    "%": "%",
  };

  test("the table lists exactly the codes tested here", () => {
    expect(FORMAT_CODES.map(({ code }): string => code).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  test.each(Object.entries(EXPECTED))("%%%s", async (code, value) => {
    expect(await line(withActivity, `%25${code === "%" ? "%25" : code}`)).toEqual({
      status: 200,
      body: `${value}\n`,
    });
  });

  test("%a is empty until an activity is read", async () => {
    expect(await line(without, "[%25a]")).toEqual({ status: 200, body: "[]\n" });
  });

  test("%m, once the track has stopped, is what was last played, and how long ago; empty until read", async () => {
    const played = testApp({ live: shownFeed([PUSH, PLAYED]) });
    expect(await line(played, "%m")).toEqual({
      status: 200,
      body: "last played Harbour Lights by The Night Ferries · 25 min ago\n",
    });
    expect(await line(without, "[%m]")).toEqual({ status: 200, body: "[]\n" });
  });

  test("%a is what the owner did, never the music, however recent", async () => {
    expect(await line(testApp({ live: shownFeed([PLAYING]) }), "[%25a]")).toEqual({
      status: 200,
      body: "[]\n",
    });
  });

  test("codes written as curl sends them, % unencoded, with + for spaces and text between", async () => {
    expect(await line(withActivity, "%n:+%t+(%z)")).toEqual({
      status: 200,
      body: "Rin Hayashi: 14:05 (Europe/Lisbon)\n",
    });
  });

  test("another owner's values", async () => {
    const app = testApp({ files: ownerFiles("anuradha") });
    const { body } = await line(app, "%25h+%25t+%25z");
    expect(body).toBe(`${otherOwner.profile.handle} 19:35 ${otherOwner.profile.location.timezone}\n`);
  });
});

describe("presets", () => {
  test.each([
    ["1", "Rin Hayashi · 14:05"],
    ["2", "Rin Hayashi · 14:05 · Rebuilding our eval harness; learning to surf, badly"],
    ["3", "Rin Hayashi · 14:05 · pushed to rin-example/evals · 12 min ago"],
    [
      "4",
      "Rin Hayashi (rin) · Staff ML Engineer · Lisbon, Portugal · 14:05 Europe/Lisbon · pushed to rin-example/evals · 12 min ago",
    ],
  ])("%s", async (preset, expected) => {
    expect(await line(withActivity, preset)).toEqual({ status: 200, body: `${expected}\n` });
  });

  test("a preset leaves out the activity, and its separator, until one is read", async () => {
    expect((await line(without, "3")).body).toBe("Rin Hayashi · 14:05\n");
    expect((await line(without, "4")).body).toBe(
      "Rin Hayashi (rin) · Staff ML Engineer · Lisbon, Portugal · 14:05 Europe/Lisbon\n",
    );
  });

  test("the presets are numbered from 1, without a gap", () => {
    expect(Object.keys(FORMAT_PRESETS)).toEqual(Object.keys(FORMAT_PRESETS).map((_, i) => String(i + 1)));
  });

  test.each(["0", "5", "42"])(
    "?format=%s, a number that is no preset, is a 400 that names the presets",
    async (n) => {
      const last = Object.keys(FORMAT_PRESETS).length;
      const response = await send(withActivity, `/?format=${n}`, as.curl);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(`no preset ${n}; the presets are 1 to ${last}\n`);
    },
  );

  test("a number with text around it is text", async () => {
    expect(await line(withActivity, "%25t+5")).toEqual({ status: 200, body: "14:05 5\n" });
  });

  test("every preset is a line of codes from the table", () => {
    for (const parts of Object.values(FORMAT_PRESETS)) {
      for (const code of parts.join(" ").match(/%./g) ?? []) {
        expect(FORMAT_CODES.map(({ code }) => `%${code}`)).toContain(code);
      }
    }
  });
});

describe("for every client, the same line of plain text", () => {
  const CLIENTS = Object.entries(as);
  test.each(CLIENTS)("%s", async (_name, headers) => {
    const response = await send(withActivity, "/?format=1", headers);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60, must-revalidate");
    // The same for everyone: a cache may hand it to anyone who asks for this URL.
    expect(response.headers.get("vary")).toBeNull();
    expect(await response.text()).toBe("Rin Hayashi · 14:05\n");
  });

  test("HEAD: the same headers, no body", async () => {
    const get = await send(withActivity, "/?format=3", as.curl);
    const head = await send(withActivity, "/?format=3", as.curl, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
  });

  test("revalidated by its ETag; drawn again when the owner's minute changes", async () => {
    let now = FIXED_NOW.getTime();
    const app = testApp({ live: shownFeed(), clock: () => now });
    const first = await send(app, "/?format=1", as.curl);
    const etag = first.headers.get("etag") ?? "";
    expect((await send(app, "/?format=1", { ...as.curl, "if-none-match": etag })).status).toBe(304);
    now += 60_000;
    const next = await send(app, "/?format=1", { ...as.curl, "if-none-match": etag });
    expect([next.status, await next.text()]).toEqual([200, "Rin Hayashi · 14:06\n"]);
  });
});

describe("colour only when asked", () => {
  const ESC = "\u001b[";
  test("plain without A, coloured with it, plain again with nocolor", async () => {
    expect((await line(withActivity, "3")).body).not.toContain(ESC);
    expect((await line(withActivity, "3&A")).body).toContain(ESC);
    expect((await line(withActivity, "3&ansi&theme=light&truecolor")).body).toContain(`${ESC}38;2;`);
    expect((await line(withActivity, "3&A&nocolor")).body).not.toContain(ESC);
  });

  test("the text is the same in colour", async () => {
    const coloured = stripColour((await line(withActivity, "4&A")).body);
    expect(coloured).toBe((await line(withActivity, "4")).body);
  });
});

describe("text beyond ASCII stays as written", () => {
  test.each([
    ["emoji joined by zero-width joiners", "\u{1F469}\u200D\u{1F4BB} \u{1F3F3}\uFE0F\u200D\u{1F308}"],
    ["combining marks", "e\u0301 n\u0303 नमस्ते"],
    ["right-to-left text, with no control in it", "שלום مرحبا"],
  ])("%s", async (_, text) => {
    expect(await line(withActivity, encodeURIComponent(`${text} %n`))).toEqual({
      status: 200,
      body: `${text} Rin Hayashi\n`,
    });
  });
});

describe("a format it cannot read is a 400 that says why, in one line of text", () => {
  const cases: [query: string, message: string][] = [
    [
      "%25x",
      "format has %x, which is no code: the codes are %n %h %r %l %t %z %s %b %a %m and %%, and the presets 1, 2, 3, 4",
    ],
    ["%25%C3%A9", "format has %%C3%A9, which is no code"],
    ["%25%1B", "format holds a control character: a one-liner is one line of text"],
    ["%25n%0A%25t", "format holds a control character"],
    ["up+%25", "format ends with a lone %: write %% for a percent sign"],
    ["", "format is empty: give text with codes"],
    [`${"x".repeat(MAX_FORMAT_LENGTH + 1)}`, `format is longer than ${MAX_FORMAT_LENGTH} characters`],
  ];
  test.each(cases)("?format=%s", async (query, message) => {
    const response = await send(withActivity, `/?format=${query}`, as.pythonRequests);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toStartWith(message);
    expect(text.indexOf("\n")).toBe(text.length - 1);
  });

  // "Trojan Source" (CVE-2021-42574): characters that make a terminal show text other than it reads.
  const BIDI_CONTROLS = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e];
  const ISOLATES = [0x2066, 0x2067, 0x2068, 0x2069];
  const codePoint = (n: number) => `U+${n.toString(16).toUpperCase().padStart(4, "0")}`;
  test.each([...BIDI_CONTROLS, ...ISOLATES].map(codePoint))(
    "?format= with the bidirectional control %s is refused, named by its code point",
    async (name) => {
      const char = String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      const response = await send(withActivity, `/?format=${encodeURIComponent(`%n ${char}%t`)}`, as.curl);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(
        `format holds a bidirectional control: a one-liner shows its text in the order it is written (${name})\n`,
      );
    },
  );

  test.each(["U+2028", "U+2029"])(
    "?format= with the separator %s is refused: one line of text",
    async (name) => {
      const char = String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      const response = await send(withActivity, `/?format=${encodeURIComponent(`%n${char}%t`)}`, as.curl);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(
        `format holds a line or paragraph separator: a one-liner is one line of text (${name})\n`,
      );
    },
  );

  test("a switch's bad value is refused as on any text answer", async () => {
    expect((await send(withActivity, "/?format=1&A=maybe", as.curl)).status).toBe(400);
  });
});

test("?help lists the codes, the presets, and a tmux and a Waybar line", async () => {
  const text = await (await send(withActivity, "/?help&nocolor&width=120", as.curl)).text();
  for (const { code } of FORMAT_CODES) expect(text).toContain(`%${code} `);
  for (const number of Object.keys(FORMAT_PRESETS)) expect(text).toContain(`format=${number}`);
  expect(text).toContain(`tmux set -g status-right "#(curl -s 'https://rin.example/?format=1&tmux')"`);
  expect(text).toContain(`curl -s 'https://rin.example/?format=2&waybar'`);
  expect(text).toContain('Waybar: a custom module\'s "exec", with');
});
