/**
 * GET /llms.txt (llmstxt.org): the site for assistants, the same for everyone; the page's
 * head links to it as an alternate in Markdown, and the sitemap lists it. Its text is
 * judged in tests/markdown/answers.test.ts.
 */
import { expect, test } from "bun:test";
import { sitePages } from "../../lib/crawlers/site-pages.ts";
import { llmsTxt } from "../../lib/markdown/llms-txt.ts";
import { as, routeTableOf, SITE_URL, sample, send, testApp } from "../support/app.ts";

const PATH = "/llms.txt";
const app = testApp();

test.each(Object.entries(as))(
  "is the same Markdown for %s, with an ETag and its 304",
  async (_name, headers) => {
    const response = await send(app, PATH, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("vary")).toBeNull();
    expect(await response.clone().text()).toBe(llmsTxt(sample.profile, routeTableOf(), SITE_URL));
    const etag = response.headers.get("etag") as string;
    expect((await send(app, PATH, { ...headers, "if-none-match": etag })).status).toBe(304);
  },
);

test("the page's head links to it as an alternate in Markdown", async () => {
  const page = await (await send(app, "/", as.browser)).text();
  const head = page.slice(0, page.indexOf("</head>"));
  expect(head).toContain(`<link rel="alternate" type="text/markdown" href="${SITE_URL}${PATH}">`);
});

test("is a page for search engines: the sitemap lists it, dated by the content it names", () => {
  const [route] = routeTableOf().filter(({ path }) => path === PATH);
  expect(route?.sitemap).toEqual(["profile", "now"]);
  expect(sitePages(sample, routeTableOf(), SITE_URL).map(({ url }) => url)).toContain(`${SITE_URL}${PATH}`);
});
