/**
 * @module QR codes drawn with Unicode half blocks: each character is two modules, one
 * above the other, so the code is square on a terminal whose cells are twice as tall as
 * wide. No colour is needed to read it: the blocks alone are the code (`?nocolor` keeps it).
 *
 * Which modules get the blocks depends on the background. A scanner wants dark modules
 * on light: on a dark terminal the blocks (drawn in the light foreground) are the light
 * modules; with `?theme=light` they are the dark ones. In colour, the blocks and the
 * gaps are also painted white and black, so the code reads on any background.
 */
import QRCode from "qrcode";

/** ISO/IEC 18004 asks for four light modules around the code: scanners find it by them. */
export const QUIET_ZONE = 4;

export type ErrorCorrection = "L" | "M" | "Q" | "H";

/** The code's modules, dark or light, row by row, without the quiet zone. */
export interface QrMatrix {
  readonly size: number;
  readonly dark: (row: number, column: number) => boolean;
}

export function qrMatrix(text: string, errorCorrection: ErrorCorrection): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: errorCorrection });
  return { size: modules.size, dark: (row, column) => modules.get(row, column) === 1 };
}

/** Columns (and module rows) the code takes with its quiet zone. */
export const drawnWidth = (matrix: QrMatrix): number => matrix.size + 2 * QUIET_ZONE;

/** Top module inked, bottom inked, as one character. */
const HALF_BLOCKS = [
  [" ", "▄"],
  ["▀", "█"],
] as const;

/**
 * The code as lines of half blocks, quiet zone included. `inkIsDark` says whether the
 * blocks are the dark modules (for light backgrounds) or the light ones (for dark).
 */
export function drawQr(matrix: QrMatrix, inkIsDark: boolean): string[] {
  const side = drawnWidth(matrix);
  const isDark = (row: number, column: number) => {
    const r = row - QUIET_ZONE;
    const c = column - QUIET_ZONE;
    // The quiet zone, and the half row below an odd-sized code, are light.
    return r >= 0 && c >= 0 && r < matrix.size && c < matrix.size && matrix.dark(r, c);
  };
  const inked = (row: number, column: number) => (isDark(row, column) ? 1 : 0) ^ (inkIsDark ? 0 : 1);
  const lines: string[] = [];
  for (let row = 0; row < side; row += 2) {
    let line = "";
    for (let column = 0; column < side; column++) {
      line += HALF_BLOCKS[inked(row, column)]?.[inked(row + 1, column)];
    }
    lines.push(line);
  }
  return lines;
}
