/**
 * Test support: Debian's Chromium, headless, driven by playwright-core, in a profile of
 * its own that is removed when it closes. `scripts/install-test-tools.sh` installs it;
 * without it the tests that need it fail loudly.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The widths the page is judged at: a small phone and a desktop. */
export const VIEWPORTS = {
  phone: { width: 360, height: 780 },
  desktop: { width: 1440, height: 900 },
} as const;

export type ColorScheme = "light" | "dark";

export interface Browser {
  readonly context: BrowserContext;
  /** A new tab at `url`, at this size and colour scheme, loaded. */
  open(url: string, viewport: { width: number; height: number }, colorScheme: ColorScheme): Promise<Page>;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  const userDataDir = mkdtempSync(join(tmpdir(), "site-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  return {
    context,
    async open(url, viewport, colorScheme) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      const response = await page.goto(url, { waitUntil: "load" });
      if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
      return page;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
