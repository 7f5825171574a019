/**
 * Test support: a QR code drawn in half blocks, turned into the picture a terminal shows
 * (each module a square of pixels, the terminal's background around it), and decoded by
 * `zbarimg` (Debian's zbar-tools), a reader we did not write, as a phone would.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Which half of a cell each block character inks: [top, bottom]. */
const INKED: Readonly<Record<string, readonly [boolean, boolean]>> = {
  " ": [false, false],
  "▀": [true, false],
  "▄": [false, true],
  "█": [true, true],
};

/** The lines of a text answer that draw the code: only block characters and spaces, some blocks. */
export function codeLines(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => /^ *[▀▄█][▀▄█ ]*$/.test(line))
    .map((line) => line.replace(/^ {2}/, ""));
}

export interface Screen {
  /** True when the blocks show dark (a light terminal); false when they show light. */
  readonly inkIsDark: boolean;
  /** Pixels a module takes on a side. */
  readonly scale?: number;
  /** Modules of terminal background drawn around the text. */
  readonly border?: number;
}

/** The code's lines as a plain PBM image: 1 is a dark pixel. */
export function toPbm(lines: readonly string[], { inkIsDark, scale = 4, border = 6 }: Screen): string {
  const columns = Math.max(...lines.map((line) => [...line].length));
  const rows = lines.length * 2;
  const background = inkIsDark ? 0 : 1;
  const moduleRows: number[][] = [];
  for (const line of lines) {
    const chars = [...line.padEnd(columns, " ")];
    for (const half of [0, 1] as const) {
      moduleRows.push(
        chars.map((char) => {
          const inked = INKED[char]?.[half];
          if (inked === undefined) throw new Error(`not a block character: ${JSON.stringify(char)}`);
          return inked === inkIsDark ? 1 : 0;
        }),
      );
    }
  }
  const width = (columns + 2 * border) * scale;
  const height = (rows + 2 * border) * scale;
  const out: string[] = [`P1\n${width} ${height}`];
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / scale) - border;
    const pixels: number[] = [];
    for (let x = 0; x < width; x++) {
      const column = Math.floor(x / scale) - border;
      pixels.push(moduleRows[row]?.[column] ?? background);
    }
    out.push(pixels.join(" "));
  }
  return `${out.join("\n")}\n`;
}

/** What zbarimg reads in the image: the code's data, or undefined when it finds none. */
export function decode(pbm: string): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), "qr-"));
  try {
    const file = join(dir, "code.pbm");
    writeFileSync(file, pbm);
    const run = Bun.spawnSync(["zbarimg", "--quiet", "--raw", "-Sbinary", file], {
      stdout: "pipe",
      stderr: "pipe",
    });
    return run.exitCode === 0 ? run.stdout.toString() : undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
