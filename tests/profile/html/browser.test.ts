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
import { EVENTS_PATH, LIVE_SCRIPT_PATH } from "../../../lib/profile/html/live-script.ts";
import { FIXED_NOW, otherOwner } from "../../support/app.ts";
import { type Browser, launchChromium, VIEWPORTS } from "../../support/chromium.ts";
import { EVENTS, REPO, type StandInGithub, startGithub } from "../../support/github.ts";
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
    // The page's own script is its one script: nothing from the content became an element.
    expect(await page.locator("img, iframe").count()).toBe(0);
    expect(
      await page
        .locator("script")
        .evaluateAll((scripts) => scripts.map((script) => script.getAttribute("src"))),
    ).toEqual([LIVE_SCRIPT_PATH]);
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

describe("the page's live status, kept current by its script", () => {
  let github: StandInGithub;
  let live: { server: TestServer; url: string };
  beforeAll(async () => {
    // GitHub asks for 60 s between polls; this one, for a second, as LIVE_REFRESH_SECONDS does.
    github = startGithub({ kind: "events", events: [], headers: { "x-poll-interval": "1" } });
    // A clock that moves from the fixed instant: the next read comes due, as on a live site.
    const began = Date.now();
    const server = await startServer(
      { GITHUB_API_URL: github.url, LIVE_REFRESH_SECONDS: "1" },
      { clock: () => FIXED_NOW.getTime() + (Date.now() - began) },
    );
    live = { server, url: `${server.url}/` };
  });
  afterAll(async () => {
    await live.server.stop();
    github.stop();
  });

  test("shows an activity that happens after the page loaded, linked, without a reload", async () => {
    const page = await open(live.url, VIEWPORTS.desktop, "light");
    const activity = page.locator('[data-live="activity"]');
    expect(await activity.textContent()).not.toContain(REPO);
    github.answer({ kind: "events", events: [EVENTS.push("2026-11-21T13:53:02Z")] });
    await activity.getByText(`pushed to ${REPO}`).waitFor({ timeout: 8000 });
    expect(await activity.textContent()).toContain(`GitHub pushed to ${REPO} · 12 min ago`);
    expect(await activity.locator("a").getAttribute("href")).toBe(`https://github.com/${REPO}`);
    await page.close();
  }, 15_000);

  test("a page nobody looks at holds no stream: closed when hidden, opened again when looked at", async () => {
    const streamsEnded = () => live.server.stdout.filter((line) => line.includes('"stream ended"')).length;
    const opened = () => live.server.stdout.filter((line) => line.includes(`"path":"${EVENTS_PATH}"`)).length;
    const openedBefore = opened();
    const page = await open(live.url, VIEWPORTS.desktop, "light");
    await waitUntil(() => opened() > openedBefore);
    const before = { ended: streamsEnded(), opened: opened() };
    const seen = (hidden: boolean) =>
      page.evaluate((hidden) => {
        Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
      }, hidden);
    await seen(true);
    await waitUntil(() => streamsEnded() > before.ended);
    await seen(false);
    await waitUntil(() => opened() > before.opened);
    await page.close();
  }, 15_000);
});

/** Waits until `done`, asked every 50 ms, for at most 5 s. */
async function waitUntil(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > 5000) throw new Error("waited 5 s in vain");
    await Bun.sleep(50);
  }
}
