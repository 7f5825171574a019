/**
 * The profile page in a real browser: Debian's Chromium, headless, driven by
 * playwright-core. Screenshots land in tests/artifacts/ (gitignored) for review.
 * `.ci/run` installs Chromium when it is absent; without it these tests fail loudly.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { ContentFiles } from "../../../lib/content/files.ts";
import { PAGE_SCRIPT_PATH } from "../../../lib/profile/html/page-scripts.ts";
import { otherOwner } from "../../support/app.ts";
import { type Browser, launchChromium, VIEWPORTS } from "../../support/chromium.ts";
import { ownerFiles } from "../../support/owners.ts";
import { startServer, type TestServer } from "../../support/server.ts";
import { MARKUP, withMarkup } from "./markup.ts";

const ARTIFACTS = join(import.meta.dir, "..", "..", "artifacts");

/** The shipped server on loopback, on a free port; `files` in place of the fixture owner's. */
async function serve(files?: ContentFiles) {
  const server = await startServer({}, files ? { files } : {});
  return { server, url: `${server.url}/` };
}

let browser: Browser;
const requested: string[] = [];
let site: { server: TestServer; url: string };
let hostile: { server: TestServer; url: string };
let other: { server: TestServer; url: string };

beforeAll(async () => {
  site = await serve();
  hostile = await serve(withMarkup());
  other = await serve(ownerFiles("anuradha"));
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
  browser.context.on("request", (request) => requested.push(request.url()));
});

afterAll(async () => {
  await browser?.close();
  await site.server.stop();
  await hostile.server.stop();
  await other.server.stop();
});

const open = (url: string, viewport: { width: number; height: number }, colorScheme: "light" | "dark") =>
  browser.open(url, viewport, colorScheme);

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
        expect(text).toContain("curl https://rin.example/api/ping");
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

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const scheme of ["light", "dark"] as const) {
      test(`at ${viewport.width} px (${scheme}) draws an owner with nothing optional: no heading or list left empty`, async () => {
        const page = await open(other.url, viewport, scheme);
        expect(await visibleText(page)).toContain(otherOwner.profile.name);
        const empty = await page.evaluate(() => {
          const text = (element: Element | null) => element?.textContent.trim() ?? "";
          const headings = [...document.querySelectorAll("main h2, main h3")].filter(
            (heading) => text(heading.parentElement) === text(heading),
          );
          const lists = [...document.querySelectorAll("main ul, main ol")].filter(
            (list) => text(list) === "",
          );
          return [...headings, ...lists].map((element) => element.outerHTML.slice(0, 80));
        });
        expect(empty).toEqual([]);
        expect(await hasHorizontalScroll(page)).toBe(false);
        await page.screenshot({
          path: join(ARTIFACTS, `other-owner-${name}-${scheme}.png`),
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
    const page = await browser.context.newPage();
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
    // The routes' scripts, from the page's own path, are its only scripts: nothing from the content became an element.
    expect(await page.locator("img, iframe").count()).toBe(0);
    const sources = await page
      .locator("script")
      .evaluateAll((scripts) => scripts.map((script) => script.getAttribute("src")));
    expect(sources.filter((source) => source !== PAGE_SCRIPT_PATH)).toEqual([]);
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
