/**
 * The event stream as the page at `/` uses it, in a real browser (Debian's Chromium): the
 * route's script keeps the page's live status current without a reload, and lets its
 * stream go while nobody looks at the page.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { EVENTS_PATH } from "../../../lib/profile/html/live-script.ts";
import { PAGE_SCRIPT_PATH } from "../../../lib/profile/html/page-scripts.ts";
import { routes } from "../../../routes/_manifest.gen.ts";
import { as, FIXED_NOW, send, testApp } from "../../support/app.ts";
import { type Browser, launchChromium, VIEWPORTS } from "../../support/chromium.ts";
import { EVENTS, REPO, type StandInGithub, startGithub } from "../../support/github.ts";
import { startServer, type TestServer } from "../../support/server.ts";

let browser: Browser;
const open = (url: string, viewport: { width: number; height: number }, colorScheme: "light" | "dark") =>
  browser.open(url, viewport, colorScheme);
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

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

test("its script comes and goes with the route: without it the page loads none, and none is served", async () => {
  const withIt = testApp();
  expect(await (await send(withIt, "/", as.browser)).text()).toContain(`<script src="${PAGE_SCRIPT_PATH}"`);
  expect((await send(withIt, PAGE_SCRIPT_PATH, as.browser)).status).toBe(200);
  const without = testApp({ routes: routes.filter(([path]) => path !== EVENTS_PATH) });
  expect(await (await send(without, "/", as.browser)).text()).not.toContain("<script");
  expect((await send(without, PAGE_SCRIPT_PATH, as.browser)).status).toBe(404);
});
