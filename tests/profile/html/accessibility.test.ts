/**
 * The page meets WCAG 2.2 level AA as axe-core judges it, in Chromium: light and dark,
 * on a phone and a desktop, for the sample owner and for an owner with nothing
 * optional. axe is put into the page through the DevTools protocol, which the page's
 * CSP (no scripts at all) does not govern, so the page is judged under its real policy.
 */

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import axe from "axe-core";
import type { Page } from "playwright-core";
import type { StartOptions } from "../../../lib/app/start.ts";
import { featuresWith } from "../../support/app.ts";
import { type Browser, type ColorScheme, launchChromium, VIEWPORTS } from "../../support/chromium.ts";
import { shownConversation } from "../../support/conversation.ts";
import { shownFeed } from "../../support/live.ts";
import { ownerFiles } from "../../support/owners.ts";
import { startServer, type TestServer } from "../../support/server.ts";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what axe checks of them. */
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const OWNERS: [name: string, options: Partial<StartOptions>][] = [
  ["the sample owner, with activity shown", { features: featuresWith(shownFeed()) }],
  ["an owner with nothing optional", { files: ownerFiles("anuradha") }],
  [
    "the sample owner, with replies to her posts shown",
    { features: featuresWith(undefined, shownConversation()) },
  ],
];

let browser: Browser;
const servers = new Map<string, TestServer>();

beforeAll(async () => {
  for (const [name, options] of OWNERS) servers.set(name, await startServer({}, options));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  for (const server of servers.values()) await server.stop();
});

/** One violation as a person fixing it needs it: the rule, each element, and its contrast when measured. */
function describeViolation(violation: axe.Result): string {
  const nodes = violation.nodes.map((node) => {
    const data = (node.any[0]?.data ?? {}) as { contrastRatio?: number; fgColor?: string; bgColor?: string };
    const contrast = data.contrastRatio
      ? ` ${data.contrastRatio}:1 (${data.fgColor} on ${data.bgColor})`
      : "";
    return `    ${node.target.join(" ")}${contrast}`;
  });
  return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join("\n")}`;
}

/** axe-core's verdict on `page`, by the WCAG 2.2 AA rules. */
async function judge(page: Page): Promise<axe.AxeResults> {
  await page.evaluate(axe.source);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: "tag", values: tags },
      }),
    WCAG_AA,
  );
}

async function violations(url: string, viewport: { width: number; height: number }, scheme: ColorScheme) {
  const page = await browser.open(url, viewport, scheme);
  try {
    const results = await judge(page);
    expect(results.passes.length).toBeGreaterThan(10);
    return results.violations.map(describeViolation);
  } finally {
    await page.close();
  }
}

describe.each(OWNERS)("the page of %s, judged by axe-core", (name) => {
  for (const viewport of Object.values(VIEWPORTS)) {
    for (const scheme of ["light", "dark"] as const) {
      test(`meets WCAG 2.2 AA at ${viewport.width} px, ${scheme}`, async () => {
        const url = `${servers.get(name)?.url}/`;
        const found = await violations(url, viewport, scheme);
        if (found.length > 0) console.error(found.join("\n"));
        expect(found).toEqual([]);
      });
    }
  }
});

test("the judge is awake: a page with grey on grey fails it", async () => {
  const page = await browser.context.newPage();
  try {
    await page.setContent(
      '<html lang="en"><title>t</title><main><p style="color:#999;background:#aaa">faint</p></main></html>',
    );
    const results = await judge(page);
    expect(results.violations.map(({ id }) => id)).toContain("color-contrast");
  } finally {
    await page.close();
  }
});
