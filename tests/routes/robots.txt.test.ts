/** GET /robots.txt: crawlers may read everything, and learn where the sitemap is. */
import { describe, expect, test } from "bun:test";
import { as, SITE_URL, send, testApp } from "../support/app.ts";

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
      expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    }
  });

  test("points at a sitemap this site serves", async () => {
    const robots = await (await send(app, "/robots.txt")).text();
    const sitemap = new URL(/^Sitemap: (.+)$/m.exec(robots)?.[1] as string);
    expect(sitemap.origin).toBe(SITE_URL);
    expect((await send(app, sitemap.pathname)).status).toBe(200);
  });
});
