import { describe, expect, it } from "bun:test";
import { contentFiles } from "../../lib/content/files.ts";
import { ContentError, validateContent } from "../../lib/content/validate.ts";

const SITE = "https://rin.example";
const withPages = (pages: unknown) => ({ ...contentFiles, site: { pages } });

describe("content/site.json", () => {
  it("resolves {base_url} to SITE_URL in the shipped pages", () => {
    const { site } = validateContent(contentFiles, SITE);
    expect(site.pages.length).toBeGreaterThan(0);
    for (const page of site.pages) expect(page.startsWith(`${SITE}/`)).toBe(true);
  });

  it("accepts absolute URLs on the SITE_URL host", () => {
    expect(validateContent(withPages([`${SITE}/blog`]), SITE).site.pages).toEqual([`${SITE}/blog`]);
  });

  it.each([
    [
      "a page on another host",
      ["https://elsewhere.example/blog"],
      `/pages/0 is "https://elsewhere.example/blog", not a URL on rin.example`,
    ],
    ["a relative path", ["/blog"], "/pages/0"],
    ["a repeated page", [`${SITE}/a`, `${SITE}/a`], "/pages"],
    ["more than 9,999 pages", Array.from({ length: 10_000 }, (_, i) => `${SITE}/p${i}`), "/pages"],
  ])("stops start-up on %s, naming site.json and the field", (_, pages, where) => {
    expect(() => validateContent(withPages(pages), SITE)).toThrow(ContentError);
    expect(() => validateContent(withPages(pages), SITE)).toThrow(`content/site.json: ${where}`);
  });
});
