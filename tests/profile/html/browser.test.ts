/**
 * The profile page in a real browser: Debian's Chromium, headless, driven by
 * playwright-core. Screenshots land in tests/artifacts/ (gitignored) for review.
 * `.ci/run` installs Chromium when it is absent; without it these tests fail loudly.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import type { Content } from "../../../lib/content/validate.ts";
import { startServer, type TestServer } from "../../support/server.ts";
import { MARKUP, withMarkup } from "./markup.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARTIFACTS = join(import.meta.dir, "..", "..", "artifacts");
const VIEWPORTS = { phone: { width: 360, height: 780 }, desktop: { width: 1440, height: 900 } } as const;

/** The shipped server on loopback, on a free port; `content` in place of content/. */
async function serve(content?: Content) {
  const server = await startServer({}, content ? { content } : {});
  return { server, url: `${server.url}/` };
}

let context: BrowserContext;
let userDataDir: string;
const requested: string[] = [];
let site: { server: TestServer; url: string };
let hostile: { server: TestServer; url: string };

beforeAll(async () => {
  site = await serve();
  hostile = await serve(withMarkup());
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  mkdirSync(ARTIFACTS, { recursive: true });
  userDataDir = mkdtempSync(join(tmpdir(), "site-chromium-"));
  context = await chromium.launchPersistentContext(userDataDir, {
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
  context.on("request", (request) => requested.push(request.url()));
});

afterAll(async () => {
  await context?.close();
  await site.server.stop();
  await hostile.server.stop();
  rmSync(userDataDir, { recursive: true, force: true });
});

async function open(url: string, viewport: { width: number; height: number }, colorScheme: "light" | "dark") {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme });
  const response = await page.goto(url, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  return page;
}

/** The text a reader sees (layout-aware), which is what these tests are about. */
// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the contract here
const visibleText = (page: Page) => page.innerText("body");

const hasHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe("the profile page in Chromium", () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const scheme of ["light", "dark"] as const) {
      test(`at ${viewport.width} px (${scheme}) shows the name, a timeline year and a skill`, async () => {
        const page = await open(site.url, viewport, scheme);
        const text = await visibleText(page);
        expect(text).toContain("Rin Hayashi");
        expect(text).toContain("2020 – 2023");
        expect(text).toContain("Gradient boosting");
        expect(text).toContain(`curl https://rin.example/api/now`);
        expect(await hasHorizontalScroll(page)).toBe(false);
        await page.screenshot({
          path: join(ARTIFACTS, `profile-${name}-${scheme}.png`),
          fullPage: true,
          animations: "disabled",
        });
        await page.close();
      });
    }
  }

  test("follows prefers-color-scheme", async () => {
    const background = async (scheme: "light" | "dark") => {
      const page = await open(site.url, VIEWPORTS.phone, scheme);
      const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await page.close();
      return colour;
    };
    expect(await background("light")).not.toBe(await background("dark"));
  });

  test("applies its inline stylesheet under its own CSP, with no violation", async () => {
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") violations.push(message.text());
    });
    await page.goto(site.url);
    // The stylesheet is in force only if the CSP hash matched: the layout says so.
    const display = await page.evaluate(
      () => getComputedStyle(document.querySelector(".grid") as Element).display,
    );
    expect(display).toBe("grid");
    expect(violations).toEqual([]);
    await page.close();
  });

  test("shows markup put into the content as text, and runs none of it", async () => {
    const page = await open(hostile.url, VIEWPORTS.desktop, "light");
    const text = await visibleText(page);
    expect(text).toContain(MARKUP);
    expect(await page.locator("script, img, iframe").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
    await page.close();
  });

  test("sends no request beyond the loopback address", () => {
    expect(requested.length).toBeGreaterThan(0);
    const outside = requested.filter(
      (url) => !url.startsWith("data:") && new URL(url).hostname !== "127.0.0.1",
    );
    expect(outside).toEqual([]);
  });
});
