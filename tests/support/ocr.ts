/**
 * Test support: an image read by tesseract (Debian's tesseract-ocr), an OCR engine we did
 * not write, as a check that what is drawn reads as the words it is meant to be.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What tesseract reads in the image, its lines as it prints them. */
export function ocr(png: Uint8Array, languages = "eng"): string {
  const dir = mkdtempSync(join(tmpdir(), "site-ocr-"));
  try {
    const file = join(dir, "image.png");
    writeFileSync(file, png);
    const read = Bun.spawnSync(["tesseract", file, "-", "-l", languages], { stderr: "pipe" });
    if (read.exitCode !== 0) throw new Error(`tesseract failed: ${read.stderr.toString()}`);
    return read.stdout.toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
