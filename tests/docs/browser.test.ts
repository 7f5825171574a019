/**
 * The docs page in a real browser with no network but the server's own: Debian's
 * Chromium, headless, driven by playwright-core, where every request to another origin
 * is refused and recorded. The page must list the app's operations, run its UI under its
 * own CSP without a violation, and send a request from its client. Screenshots land in
 * tests/artifacts/ (gitignored) for review.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { DOCS_PATH } from "../../lib/docs/paths.ts";
import { declaredRoutes } from "../../lib/site/site.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { freePort } from "../../scripts/loopback.ts";
import { sample } from "../support/app.ts";
import { type Browser, launchChromium, VIEWPORTS } from "../support/chromium.ts";
import { startServer, type TestServer } from "../support/server.ts";

const ARTIFACTS = join(import.meta.dir, "..", "artifacts");
/** The UI parses 4 MB of script before it draws: seconds on a busy machine. */
const PAGE_TIMEOUT_MS = 30_000;

/** What the page should list: each operation's summary, by tag, from the app's own route table. */
const operations = declaredRoutes(routes, sample.profile.handle).map(({ method, route }) => ({
  method,
  summary: route.detail.summary,
  tag: route.detail.tags[0],
}));

let server: TestServer;
let browser: Browser;
/** Requests to any origin but the server's: refused, and named here. */
const elsewhere: string[] = [];
/** What the page logged as an error or a warning (a CSP violation is one), and what it threw. */
const complaints: string[] = [];

beforeAll(async () => {
  // The document names SITE_URL as the server its client sends to: here, the server itself.
  const port = freePort();
  server = await startServer({ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` });
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
  const origin = new URL(server.url).origin;
  await browser.context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("data:") || url.startsWith("blob:") || new URL(url).origin === origin) {
      return route.continue();
    }
    elsewhere.push(url);
    return route.abort("blockedbyclient");
  });
  // Chromium takes seconds to start on a busy machine: more than a hook's default.
}, PAGE_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens the docs page and waits until its UI has drawn the document's title. */
async function openDocs(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(VIEWPORTS.desktop);
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") complaints.push(message.text());
  });
  page.on("pageerror", (error) => complaints.push(error.message));
  const response = await page.goto(`${server.url}${DOCS_PATH}`, { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  await page.getByRole("heading", { level: 1 }).waitFor();
  return page;
}

describe("the docs page in Chromium, with no network but the server's", () => {
  test(
    "lists every operation of the route table, by tag",
    async () => {
      const page = await openDocs();
      // The sidebar opens the first tag; a reader opens the others.
      for (const tag of new Set(operations.map(({ tag }) => tag))) {
        const group = page.getByRole("button", { name: `Open Group - ${tag}` });
        if (await group.count()) await group.first().click();
      }
      // Each operation's link says its summary and method; a summary two operations share
      // (tests/docs/openapi.test.ts says why there should be none) names two links.
      const sidebar = page.getByRole("complementary");
      const links = new Map<string, number>();
      for (const { method, summary } of operations) {
        const name = `${summary} HTTP Method: ${method}`;
        links.set(name, (links.get(name) ?? 0) + 1);
      }
      for (const [name, count] of links) {
        const named = sidebar.getByRole("link", { name, exact: true });
        await named.first().waitFor({ state: "visible" });
        expect({ name, count: await named.count() }).toEqual({ name, count });
      }
      await page.screenshot({ path: join(ARTIFACTS, "docs.png"), animations: "disabled" });
      await page.close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    "sends a request from its client to the server, and shows the answer",
    async () => {
      const page = await openDocs();
      await page
        .getByRole("button", { name: /test request/i })
        .first()
        .click();
      await page.getByRole("button", { name: /^send/i }).first().click();
      await page.getByText("200 OK").first().waitFor({ state: "visible" });
      await page.screenshot({ path: join(ARTIFACTS, "docs-client.png"), animations: "disabled" });
      await page.close();
    },
    PAGE_TIMEOUT_MS,
  );

  test("asked for nothing elsewhere, and logged no error or warning (a CSP violation is one)", () => {
    expect(elsewhere).toEqual([]);
    expect(complaints).toEqual([]);
  });
});
