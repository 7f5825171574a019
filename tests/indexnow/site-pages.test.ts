import { describe, expect, it } from "bun:test";
import { ContentError, validateContent } from "../../lib/content/validate.ts";
import { SITE_URL, testApp } from "../support/app.ts";
import { ownerFiles } from "../support/owners.ts";

const withPages = (pages: unknown) => ({ ...ownerFiles("rin"), site: { pages } });

describe("content/site.json", () => {
  it("resolves {base_url} to SITE_URL", () => {
    const { site } = validateContent(withPages(["{base_url}/api/now"]), SITE_URL);
    expect(site.pages).toEqual([`${SITE_URL}/api/now`]);
  });

  it("accepts absolute URLs on the SITE_URL host", () => {
    expect(validateContent(withPages([`${SITE_URL}/api/now`]), SITE_URL).site.pages).toEqual([
      `${SITE_URL}/api/now`,
    ]);
  });

  it.each([
    [
      "a page on another host",
      ["https://elsewhere.example/blog"],
      `/pages/0 is "https://elsewhere.example/blog", not a URL on rin.example`,
    ],
    ["a relative path", ["/blog"], "/pages/0"],
    ["a repeated page", [`${SITE_URL}/a`, `${SITE_URL}/a`], "/pages"],
    ["more than 9,999 pages", Array.from({ length: 10_000 }, (_, i) => `${SITE_URL}/p${i}`), "/pages"],
  ])("stops start-up on %s, naming site.json and the field", (_, pages, where) => {
    expect(() => validateContent(withPages(pages), SITE_URL)).toThrow(ContentError);
    expect(() => validateContent(withPages(pages), SITE_URL)).toThrow(`content/site.json: ${where}`);
  });
});

describe("every page listed is one the site serves", () => {
  const appFor = (pages: string[]) => () => testApp({ content: validateContent(withPages(pages), SITE_URL) });

  it("accepts every GET path the app answers, the docs included", () => {
    expect(appFor(["{base_url}/api/now", "{base_url}/api/rin.json", "{base_url}/api/docs"])).not.toThrow();
  });

  it.each([
    [
      "a profile path of another handle",
      "{base_url}/api/someone.json",
      `content/site.json: /pages/0 is "${SITE_URL}/api/someone.json", a path this site does not serve; the profile is served at /api/rin.json, from the handle in profile.json`,
    ],
    [
      "a path nothing answers",
      "{base_url}/blog",
      `content/site.json: /pages/0 is "${SITE_URL}/blog", a path this site does not serve; the JSON index at / lists the paths it serves`,
    ],
    [
      "a page with a query",
      "{base_url}/api/curl?nocolor",
      `content/site.json: /pages/0 is "${SITE_URL}/api/curl?nocolor": a page is listed without ?query or #fragment`,
    ],
  ])("stops start-up on %s, in one line", (_, page, line) => {
    expect(appFor([page])).toThrow(line);
  });
});
