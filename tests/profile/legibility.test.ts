/**
 * Legibility, as WCAG measures it: every run of text the terminal answers draw in a fixed
 * colour (a 256-colour cube or grey, or 24-bit) has a contrast of at least 3:1 against the
 * backgrounds its palette is for. Without a switch that is white and black alike; with
 * `?theme=` a dark or a light background, taken at the brightest or dimmest a terminal
 * commonly uses. The 16 theme colours, bold and dim are the terminal's own, so they follow
 * its theme and are not measured.
 */
import { describe, expect, test } from "bun:test";
import { as, send, testApp, withQuery } from "../support/app.ts";

type Rgb = readonly [number, number, number];

const hex = (value: string): Rgb =>
  [1, 3, 5].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as unknown as Rgb;

/** The xterm 256-colour palette from 16 up; 0 to 15 are the theme's own. */
function xterm(index: number): Rgb | undefined {
  if (index < 16) return undefined;
  if (index >= 232) {
    const grey = 8 + 10 * (index - 232);
    return [grey, grey, grey];
  }
  const levels = [0, 95, 135, 175, 215, 255];
  const i = index - 16;
  return [levels[Math.floor(i / 36)], levels[Math.floor(i / 6) % 6], levels[i % 6]] as unknown as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

interface ColouredRun {
  readonly text: string;
  readonly colour: Rgb;
  readonly sgr: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: escape codes are what this reads.
const SGR_SPLIT = /(\u001b\[[0-9;]*m)/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape codes are what this reads.
const SGR = /^\u001b\[([0-9;]*)m$/;

/** Every run of visible text drawn in a fixed foreground colour, and whether 24-bit colour was used at all. */
function colouredRuns(answer: string): { runs: ColouredRun[]; truecolor: boolean; background: boolean } {
  const runs: ColouredRun[] = [];
  let colour: Rgb | undefined;
  let sgr = "";
  let truecolor = false;
  let background = false;
  for (const part of answer.split(SGR_SPLIT)) {
    const code = part.match(SGR)?.[1];
    if (code === undefined) {
      if (colour && part.trim() !== "") runs.push({ text: part.trim(), colour, sgr });
      continue;
    }
    const params = code.split(";").map(Number);
    for (let i = 0; i < params.length; i++) {
      const p = params[i] as number;
      if (p === 0 || p === 39) colour = undefined;
      else if ((p >= 30 && p <= 37) || (p >= 90 && p <= 97)) colour = undefined;
      else if (p === 38 && params[i + 1] === 5) {
        colour = xterm(params[i + 2] as number);
        sgr = code;
        i += 2;
      } else if (p === 38 && params[i + 1] === 2) {
        colour = params.slice(i + 2, i + 5) as unknown as Rgb;
        sgr = code;
        truecolor = true;
        i += 4;
      } else if (p === 48 || (p >= 40 && p <= 47) || (p >= 100 && p <= 107)) background = true;
    }
  }
  return { runs, truecolor, background };
}

const WHITE = hex("#ffffff");
const BLACK = hex("#000000");
const PALETTES: [query: string, backgrounds: Rgb[], truecolor: boolean][] = [
  ["", [WHITE, BLACK], false],
  ["?truecolor", [WHITE, BLACK], true],
  ["?theme=dark", [BLACK, hex("#303030")], false],
  ["?theme=dark&truecolor", [BLACK, hex("#303030")], true],
  ["?theme=light", [WHITE, hex("#eeeeee")], false],
  ["?theme=light&truecolor", [WHITE, hex("#eeeeee")], true],
];

const app = testApp();
/** The profile, the ping's card and the help, with the palette's switches. */
async function answers(query: string): Promise<string> {
  const urls = ["/", "/api/ping"].map((path) => withQuery(path, query));
  urls.push(query ? `/${query}&help` : "/?help");
  const texts = await Promise.all(urls.map(async (url) => (await send(app, url, as.curl)).text()));
  return texts.join("\n");
}

describe.each(PALETTES)("text answers with %p", (query, backgrounds, truecolor) => {
  test(`every coloured run has a contrast of 3:1 or more against ${backgrounds.length} backgrounds`, async () => {
    const { runs } = colouredRuns(await answers(query));
    expect(runs.length).toBeGreaterThan(20);
    const poor = runs.flatMap((run) =>
      backgrounds
        .map((background) => ({
          text: run.text.slice(0, 30),
          sgr: run.sgr,
          against: background,
          ratio: contrast(run.colour, background),
        }))
        .filter(({ ratio }) => ratio < 3),
    );
    expect(poor).toEqual([]);
  });

  test(truecolor ? "uses 24-bit colour" : "uses only 16- and 256-colour codes", async () => {
    expect(colouredRuns(await answers(query)).truecolor).toBe(truecolor);
  });

  test("never sets a background colour", async () => {
    expect(colouredRuns(await answers(query)).background).toBe(false);
  });
});

test("the measure is right: WCAG's own examples", () => {
  expect(contrast(WHITE, BLACK)).toBeCloseTo(21, 5);
  expect(contrast(hex("#777777"), WHITE)).toBeCloseTo(4.48, 2);
  expect(xterm(98)).toEqual([135, 95, 215]);
  expect(xterm(244)).toEqual([128, 128, 128]);
});
