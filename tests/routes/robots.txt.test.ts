/** GET /robots.txt: crawlers may read everything, and learn where the sitemap is. */
import { describe, expect, test } from "bun:test";
import { routes } from "../../routes/_manifest.gen.ts";
import { as, routeTableOf, SITE_URL, send, testApp } from "../support/app.ts";

const app = testApp();

describe("GET /robots.txt", () => {
  test("is plain text that allows every crawler everything and names the absolute sitemap URL", async () => {
    for (const client of [as.curl, as.browser, as.pythonRequests]) {
      const response = await send(app, "/robots.txt", client);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      const lines = (await response.text()).split("\n");
      expect(lines).toContain("User-agent: *");
      expect(lines).toContain("Allow: /");
      expect(lines.filter((line) => /^disallow:\s*\S/i.test(line))).toEqual([]);
      // The sitemap, as the route table names it.
      for (const { path } of routeTableOf().filter(({ robotsTxt }) => robotsTxt === "Sitemap")) {
        expect(lines).toContain(`Sitemap: ${SITE_URL}${path}`);
      }
    }
  });

  test("points only at sitemaps this site serves: none for a site without one", async () => {
    const robots = await (await send(app, "/robots.txt")).text();
    for (const [, url] of robots.matchAll(/^Sitemap: (.+)$/gm)) {
      const sitemap = new URL(url as string);
      expect(sitemap.origin).toBe(SITE_URL);
      expect((await send(app, sitemap.pathname)).status).toBe(200);
    }
    const withoutSitemap = testApp({
      routes: routes.filter(([, module]) => module.GET?.robotsTxt !== "Sitemap"),
    });
    expect(await (await send(withoutSitemap, "/robots.txt")).text()).not.toContain("Sitemap:");
  });
});
