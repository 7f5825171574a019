/**
 * GET /api/vcard for a person at a terminal: a QR code in half blocks that zbarimg (a
 * reader we did not write) decodes from the picture the terminal shows, with a quiet
 * zone, readable without colour, never wider than the width asked for; and the command
 * beneath it really saves the card.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { stripColour, visibleWidth } from "../../../lib/profile/ansi/index.ts";
import { VERSION } from "../../../lib/runtime/version.ts";
import { as, SITE_URL, send, TERMINAL_CLIENTS, testApp } from "../../support/app.ts";
import { expectGolden } from "../../support/golden.ts";
import { codeLines, decode, toPbm } from "../../support/qr-image.ts";
import { startServer, type TestServer } from "../../support/server.ts";
import { tmuxTerminal } from "../../support/tmux.ts";

const app = testApp();
const CARD_URL = `${SITE_URL}/api/vcard`;
const card = await (await send(app, "/api/vcard", as.pythonRequests)).text();
const text = async (query: string, headers: Record<string, string> = as.curl) => {
  const response = await send(app, `/api/vcard${query}`, headers);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  return response.text();
};
/** What a phone reads off the screen: a dark terminal unless the theme says light. */
const scanned = (answer: string, inkIsDark = false) => decode(toPbm(codeLines(answer), { inkIsDark }));

describe("the QR code", () => {
  test.each(TERMINAL_CLIENTS)("%s gets it, with the card's holder named above it", async (_name, headers) => {
    const plain = stripColour(await text("", headers));
    expect(plain).toContain("Rin Hayashi");
    expect(plain).toContain("Staff ML Engineer · Tessellate Freight");
    expect(plain).toContain("Scan to add Rin to your contacts");
    expect(codeLines(plain).length).toBeGreaterThan(20);
  });

  test("holds the whole card at 80 columns, byte for byte what the file is", async () => {
    expect(scanned(await text("?nocolor"))).toBe(card);
  });

  test("reads without colour: ?nocolor draws the same blocks as the coloured answer", async () => {
    const coloured = await text("");
    expect(coloured).toContain("\u001b[");
    expect(stripColour(coloured)).toBe(await text("?nocolor"));
    expect(scanned(stripColour(coloured))).toBe(card);
  });

  test("in colour, the code is painted white on black, so it reads on a light terminal too", async () => {
    const coloured = await text("");
    const codeRows = coloured.split("\n").filter((line) => /[▀▄█]/.test(line));
    for (const row of codeRows) expect(row).toContain("\u001b[38;5;231m\u001b[48;5;16m");
  });

  test("with ?theme=light the blocks are the dark modules, for a light background", async () => {
    const light = await text("?nocolor&theme=light");
    expect(scanned(light, true)).toBe(card);
    // Read as if on a dark terminal, the same blocks are an inverted code: no reader finds it.
    expect(scanned(light, false)).toBeUndefined();
    expect(stripColour(await text("?theme=light"))).toBe(light);
    expect(await text("?theme=light")).toContain("\u001b[38;5;16m\u001b[48;5;231m");
  });

  test("has a quiet zone of four modules: two lines of full blocks above and below, four columns each side", async () => {
    const lines = codeLines(await text("?nocolor"));
    for (const line of [...lines.slice(0, 2), ...lines.slice(-2)]) expect(line).toMatch(/^█+$/);
    for (const line of lines) {
      expect(line).toStartWith("████");
      expect(line).toEndWith("████");
    }
  });

  test("holds the card's URL when the card would not fit, and says what width holds the card", async () => {
    for (const width of [40, 60, 78]) {
      const narrow = await text(`?nocolor&width=${width}`);
      expect(scanned(narrow)).toBe(CARD_URL);
      expect(narrow.replace(/\s+/g, " ")).toContain("with ?width=79, the code holds the card itself");
    }
    expect(scanned(await text("?nocolor&width=79"))).toBe(card);
  });

  test("never draws a line wider than the width asked for, from 40 to 200 columns", async () => {
    for (let width = 40; width <= 200; width++) {
      const widest = Math.max(...(await text(`?nocolor&width=${width}`)).split("\n").map(visibleWidth));
      expect({ width, fits: widest <= width }).toEqual({ width, fits: true });
    }
  });
});

describe("the command beneath it", () => {
  /** The shell command as a person pastes it: continued lines joined. */
  const command = (answer: string) => {
    const after = answer.slice(answer.indexOf("Save the card as"));
    const lines = after
      .split("\n")
      .slice(1)
      .map((line) => line.trim());
    return lines
      .slice(0, lines.findIndex((line) => !line.endsWith("\\")) + 1)
      .map((line) => line.replace(/ \\$/, ""))
      .join(" ");
  };

  test("is one curl command at any width, and what it asks for is the card", async () => {
    for (const width of [40, 60, 80, 120]) {
      const shown = command(await text(`?nocolor&width=${width}`));
      expect(shown).toBe(`curl -H 'Accept: text/vcard' -o rin.vcf ${CARD_URL}`);
    }
    const response = await send(app, "/api/vcard", { ...as.curl, accept: "text/vcard" });
    expect(response.headers.get("content-type")).toBe("text/vcard; charset=utf-8");
    expect(await response.text()).toBe(card);
  });

  test("a terminal that refuses the card (text/vcard;q=0) gets its QR code, as without the header", async () => {
    for (const accept of ["text/vcard;q=0", "text/vcard; q=0.000, */*"]) {
      const response = await send(app, "/api/vcard", { ...as.curl, accept });
      expect({ accept, type: response.headers.get("content-type") }).toEqual({
        accept,
        type: "text/plain; charset=utf-8",
      });
    }
  });
});

describe("the switches", () => {
  test("?help lists them; a bad value is the 400 envelope", async () => {
    expect(await text("?help&nocolor")).toContain(`curl '${CARD_URL}?width=60'`);
    const bad = await send(app, "/api/vcard?width=9", as.curl);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("bad_request");
  });

  test("revalidate: the QR answer has its own ETag, and 304 for it", async () => {
    const first = await send(app, "/api/vcard?nocolor", as.curl);
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await send(app, "/api/vcard?nocolor", { ...as.curl, "if-none-match": etag });
    expect(again.status).toBe(304);
  });
});

describe("golden files", () => {
  const golden = async (name: string, query: string) =>
    expectGolden(name, (await text(query)).replaceAll(VERSION, "<version>"), import.meta.dir);

  test("vcard.contact-card.ansi.txt: the vCard's QR code, in colour", async () => {
    await golden("vcard.contact-card.ansi.txt", "");
  });

  test("vcard.contact-card.plain-40.txt: without colour at 40 columns, the code of the card's URL", async () => {
    await golden("vcard.contact-card.plain-40.txt", "?nocolor&width=40");
  });
});

describe("in a real terminal (tmux)", () => {
  let server: TestServer;
  const terminal = tmuxTerminal();
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => {
    terminal.stop();
    return server.stop();
  });

  test.each([
    ["a dark terminal", "", false],
    ["a light terminal (?theme=light)", "theme=light&", true],
  ])("shows on %s a QR code that zbarimg reads, in colour and without", async (_, theme, inkIsDark) => {
    const file = await (await fetch(`${server.url}/api/vcard`)).text();
    const plain = await terminal.shown(`${server.url}/api/vcard?${theme}nocolor`);
    expect(decode(toPbm(codeLines(plain), { inkIsDark }))).toBe(file);
    for (const palette of ["", "truecolor"]) {
      const screen = await terminal.shown(`${server.url}/api/vcard?${theme}${palette}`);
      expect({ palette, screen }).toEqual({ palette, screen: plain });
    }
  });
});
