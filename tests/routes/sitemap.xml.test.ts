/**
 * GET /sitemap.xml: valid against the sitemaps.org schema (judged by xmllint), dated by
 * the content rather than the clock, and the very list the IndexNow trigger submits.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { lastChanged } from "../../lib/crawlers/site-pages.ts";
import { renderSitemap } from "../../lib/crawlers/sitemap.ts";
import { DOCS_PATH } from "../../lib/docs/paths.ts";
import { as, FIXED_NOW, routeTableOf, SITE_URL, sample, send, testApp } from "../support/app.ts";
import { startEngine } from "../support/engines.ts";
import { ownerContent, ownerFile, ownerFilesWith } from "../support/owners.ts";
import { SITEMAP_XSD, xmllint } from "../support/xmllint.ts";

const app = testApp();
const sitemapOf = async (of = app) => (await send(of, "/sitemap.xml", as.pythonRequests)).text();

/** Each `<url>`'s loc and lastmod, in order. */
function entries(xml: string): { loc: string; lastmod?: string }[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, inner = ""]) => {
    const loc = /<loc>([^<]*)<\/loc>/.exec(inner)?.[1] as string;
    const lastmod = /<lastmod>([^<]*)<\/lastmod>/.exec(inner)?.[1];
    return lastmod ? { loc, lastmod } : { loc };
  });
}

describe("GET /sitemap.xml", () => {
  test("is XML in the sitemap namespace, for every client", async () => {
    for (const client of [as.curl, as.browser, as.pythonRequests]) {
      const response = await send(app, "/sitemap.xml", client);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const xml = await response.text();
      expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>\n');
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    }
  });

  test("is valid against the sitemaps.org XSD, as xmllint judges it", async () => {
    expect(xmllint(await sitemapOf(), SITEMAP_XSD)).toEqual({ ok: true, errors: "" });
  });

  test("the judge is awake: xmllint refuses a sitemap with a lastmod that is not a date", async () => {
    const broken = (await sitemapOf()).replace(
      "<lastmod>2026-11-20</lastmod>",
      "<lastmod>last week</lastmod>",
    );
    expect(xmllint(broken, SITEMAP_XSD).ok).toBe(false);
  });

  /** What the route table says the sitemap holds: each page a route file declares, then the docs. */
  const declared = (content = sample) => [
    ...routeTableOf(content).flatMap(({ method, path, sitemap }) =>
      method === "GET" && sitemap
        ? [{ loc: `${SITE_URL}${path}`, lastmod: lastChanged(content, sitemap) }]
        : [],
    ),
    { loc: `${SITE_URL}${DOCS_PATH}`, lastmod: undefined },
  ];
  const withoutEmptyDates = (list: { loc: string; lastmod: string | undefined }[]) =>
    list.map(({ loc, lastmod }) => (lastmod ? { loc, lastmod } : { loc }));

  test("lists the root first, every page the route files declare, then the docs: each once, on the site's host", async () => {
    const locs = entries(await sitemapOf()).map(({ loc }) => loc);
    expect(locs[0]).toBe(`${SITE_URL}/`);
    expect(locs.at(-1)).toBe(`${SITE_URL}${DOCS_PATH}`);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toEqual(declared().map(({ loc }) => loc));
    for (const loc of locs) expect(new URL(loc).origin).toBe(SITE_URL);
  });

  test("dates each page by the content it shows: the latest updated of what its route declares", async () => {
    expect(entries(await sitemapOf())).toEqual(withoutEmptyDates(declared()));
    expect(entries(await sitemapOf())[0]).toEqual({ loc: `${SITE_URL}/`, lastmod: "2026-11-20" });
  });

  test("follows the content's dates, never the clock", async () => {
    const files = ownerFilesWith("rin", {
      "profile.json": { ...ownerFile<object>("rin", "profile.json"), updated: "2025-01-02" },
      "now.json": { ...ownerFile<object>("rin", "now.json"), updated: "2025-03-04" },
    });
    const aYearLater = () => FIXED_NOW.getTime() + 365 * 86_400_000;
    const dated = entries(await sitemapOf(testApp({ files, clock: aYearLater })));
    expect(dated[0]).toEqual({ loc: `${SITE_URL}/`, lastmod: "2025-03-04" });
    const content = { ...ownerContent("rin", SITE_URL) };
    content.profile = { ...content.profile, updated: "2025-01-02" };
    content.now = { ...content.now, updated: "2025-03-04" };
    expect(dated).toEqual(withoutEmptyDates(declared(content)));
  });

  test("every page it lists answers 200, for every client", async () => {
    for (const { loc } of entries(await sitemapOf())) {
      for (const client of Object.values(as)) {
        const { status } = await send(app, new URL(loc).pathname, client);
        expect({ loc, status }).toEqual({ loc, status: 200 });
      }
    }
  });

  test("escapes a URL as XML", () => {
    const xml = renderSitemap([{ url: `${SITE_URL}/search?q=a&lang=en`, lastmod: undefined }]);
    expect(xml).toContain(`<loc>${SITE_URL}/search?q=a&amp;lang=en</loc>`);
    expect(xmllint(xml, SITEMAP_XSD)).toEqual({ ok: true, errors: "" });
  });
});

describe("the IndexNow trigger", () => {
  const engine = startEngine({ status: 200 });
  afterAll(() => engine.stop());

  test("submits exactly the sitemap's URLs, in its order", async () => {
    const withKey = testApp({
      env: {
        SITE_URL,
        INDEXNOW_KEY: "sitemap-test-key",
        INDEXNOW_ENDPOINTS: engine.url,
        INDEXNOW_COOLDOWN_SECONDS: "0",
      },
    });
    expect((await send(withKey, "/api/ping-indexnow", as.curl, { method: "POST" })).status).toBe(200);
    const submitted = JSON.parse(engine.received[0]?.body ?? "{}").urlList;
    expect(submitted).toEqual(entries(await sitemapOf(withKey)).map(({ loc }) => loc));
  });
});
