/**
 * The profile page at `/` for browsers, in-process: what it contains, its headers, its
 * size, and that content can only ever reach it as text.
 */

import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { renderPage } from "../../../lib/profile/html/page.ts";
import { PAGE_SCRIPT_PATH } from "../../../lib/profile/html/page-scripts.ts";
import { curlCommand, profileLayout } from "../../../lib/profile/model/layout.ts";
import { escapeHtml } from "../../../lib/utils/escape-html.ts";
import {
  as,
  FIXED_NOW,
  otherOwner,
  routeTableOf,
  SITE_URL,
  sample,
  send,
  testApp,
} from "../../support/app.ts";
import { ownerFiles } from "../../support/owners.ts";
import { withMarkup } from "./markup.ts";

const app = testApp();
const page = async (headers: Record<string, string> = as.browser) => {
  const response = await send(app, "/", headers);
  return { response, body: await response.text() };
};

describe("GET / for a browser", () => {
  test("is an HTML page in UTF-8", async () => {
    const { response, body } = await page();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(body.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
  });

  test("shows the name, role, location, timeline, skills, live status and links", async () => {
    const { body } = await page();
    // What a reader sees, without the elements (and the h-card's classes) around it.
    const shown = body.replace(/<[^>]+>/g, "");
    for (const text of [
      "Rin Hayashi",
      "Staff ML Engineer · Lisbon, Portugal",
      "Saturday 14:05",
      "2018 – 2020",
      "Inkwhistle Books",
      "Gradient boosting",
      "Rebuilding our eval harness; learning to surf, badly",
      "Conformal prediction, for intervals I can defend",
    ]) {
      expect(shown).toContain(text);
    }
    for (const markup of [
      'class="fill l86"',
      'href="https://github.com/rin-example"',
      'href="mailto:rin@example.com"',
    ]) {
      expect(body).toContain(markup);
    }
  });

  test("lists every endpoint of the API with a curl example and links to the docs", async () => {
    const { body } = await page();
    const routes = (await (await send(app, "/", as.pythonRequests)).json()) as {
      endpoints: { method: string; path: string }[];
    };
    expect(routes.endpoints.length).toBeGreaterThan(5);
    for (const { method, path } of routes.endpoints) {
      expect(body).toContain(`<span class="method ${method.toLowerCase()}">${method}</span>`);
      expect(body).toContain(`<code class="path">${path}</code>`);
    }
    // A query is given to curl as -G -d name=value.
    for (const { method, examplePath, streams } of routeTableOf()) {
      const command = curlCommand(SITE_URL, method, examplePath, streams);
      expect(body.replaceAll("<wbr>", "")).toContain(`<pre class="cmd"><code>${command}</code></pre>`);
    }
    expect(body).toContain(`href="${SITE_URL}/api/docs"`);
  });

  test("is under 30 KB", async () => {
    const { body } = await page();
    expect(new TextEncoder().encode(body).length).toBeLessThan(30 * 1024);
  });

  test("loads nothing but its own script: no other script, no external styles, fonts or images", async () => {
    const { body } = await page();
    // The routes' scripts, one tag, when the route table has any (`pageScript`).
    const ownScript = `<script src="${PAGE_SCRIPT_PATH}" defer></script>`;
    const scripts = body.match(/<script[^>]*>[^<]*<\/script>/g) ?? [];
    expect(scripts).toEqual(routeTableOf().some(({ pageScript }) => pageScript) ? [ownScript] : []);
    const rest = body.replace(ownScript, "");
    expect(rest).not.toMatch(/<script|<iframe|<img|@import|url\(|@font-face/i);
    expect(rest).not.toMatch(/\ssrc=/i);
    // rel="me" and the routes' own links name the owner's other pages; a browser fetches none of them.
    const linkTags = body.match(/<link [^>]*>/g) ?? [];
    const routeLinks = routeTableOf().flatMap(({ path, pageLink }) =>
      pageLink ? [`<link rel="${pageLink.rel}" type="${pageLink.type}" href="${SITE_URL}${path}">`] : [],
    );
    expect(linkTags).toEqual([
      `<link rel="canonical" href="${SITE_URL}/">`,
      ...Array(linkTags.length - 2 - routeLinks.length).fill(
        expect.stringMatching(/^<link rel="me" href="[^"]+">$/),
      ),
      ...routeLinks,
      expect.stringMatching(/^<link rel="icon" href="data:image\/svg\+xml,/),
    ]);
  });

  test("allows exactly its own stylesheet by hash in its CSP, and scripts and connections of its own origin only", async () => {
    const { response, body } = await page();
    const css = body.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? "";
    expect(css.length).toBeGreaterThan(1000);
    const hash = createHash("sha256").update(css).digest("base64");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).toStartWith("default-src 'none';");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain("unsafe-inline");
  });

  test("builds the title, description, Open Graph tags and canonical link from SITE_URL", async () => {
    const other = testApp({ env: { SITE_URL: "https://cv.example.org" } });
    const body = await (await send(other, "/", as.browser)).text();
    expect(body).toContain("<title>Rin Hayashi · Staff ML Engineer</title>");
    expect(body).toContain('<meta name="description" content="Measures twice, ships small');
    expect(body).toContain('<link rel="canonical" href="https://cv.example.org/">');
    expect(body).toContain('<meta property="og:url" content="https://cv.example.org/">');
    expect(body).toContain('<meta property="og:title" content="Rin Hayashi · Staff ML Engineer">');
    expect(body).toContain('<meta property="og:type" content="profile">');
    expect(body).not.toContain(SITE_URL);
  });

  test("carries a strong ETag and answers 304 to If-None-Match", async () => {
    const { response } = await page();
    const etag = response.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(response.headers.get("vary")).toBe("Accept, User-Agent, Accept-Encoding");
    const again = await send(app, "/", { ...as.browser, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  test("answers HEAD with the headers and no body", async () => {
    const head = await send(app, "/", as.browser, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await head.text()).toBe("");
  });

  test("a browser asking for JSON alone still gets the JSON index", async () => {
    const response = await send(app, "/", as.browserAskingForJson);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(((await response.json()) as { docs: unknown }).docs).toBeDefined();
  });
});

describe("every field the owner writes is on the page", () => {
  /** What a reader sees: the page's text without its elements, entities as the escaping left them. */
  const textOf = (body: string) => body.replace(/<[^>]+>/g, "");

  test("each field of the profile and the /now status, in the content's words", async () => {
    const { profile, now } = sample;
    const shown = textOf((await page()).body);
    const fields = [
      profile.name,
      profile.nativeName,
      profile.pronouns,
      profile.role,
      profile.tagline,
      profile.bio,
      profile.availability,
      profile.email,
      profile.location.city,
      profile.location.country,
      profile.updated,
      ...profile.experience.flatMap((job) => [
        job.role,
        job.organisation,
        job.location,
        job.summary,
        ...job.highlights,
      ]),
      ...profile.skills.flatMap(({ name, level, group }) => [name, String(level), group]),
      ...profile.education.flatMap(({ degree, institution, note, start, end }) => [
        degree,
        institution,
        note,
        `${start.slice(0, 4)} – ${end.slice(0, 4)}`,
      ]),
      ...profile.languages.flatMap(({ name, level }) => [name, level]),
      ...profile.links.map(({ label }) => label),
      // Linked by the page when no link is to them: the fediverse profile, and Bluesky's by its DID.
      profile.fediverse && `mastodon.example/@rin`,
      profile.blueskyDid,
      now.status,
      now.updated,
      ...now.building,
      ...now.learning,
      ...now.reading.flatMap(({ title, author }) => [title, author]),
      ...now.notDoing,
    ];
    const missing = fields.filter((field) => field !== undefined && !shown.includes(escapeHtml(field)));
    expect(fields.length).toBeGreaterThan(60);
    expect(missing).toEqual([]);
  });

  test("an owner with nothing optional: no section, heading, label or separator for what is absent", async () => {
    const other = testApp({ files: ownerFiles("anuradha") });
    const body = await (await send(other, "/", as.browser)).text();
    expect(textOf(body)).toContain(otherOwner.profile.name);
    expect(body).not.toContain('id="education"');
    for (const absent of ["Reading", "Not doing", "Availability"]) expect(textOf(body)).not.toContain(absent);
    for (const kind of ["native", "pronouns", "availability", "where", "highlights", "group"]) {
      expect({ kind, found: body.includes(`class="${kind}`) }).toEqual({ kind, found: false });
    }
    expect(body).not.toMatch(/<(ul|ol)[^>]*><\/(ul|ol)>|<h3[^>]*><\/h3>|<p[^>]*><\/p>/);
  });
});

describe("content on the page is escaped", () => {
  const hostile = testApp({ files: withMarkup() });
  const bodyOf = async () => (await send(hostile, "/", as.browser)).text();

  test("markup in content fields appears as text, never as elements", async () => {
    const body = await bodyOf();
    const escaped = "&lt;img src=x onerror=&quot;window.pwned=true&quot;&gt;&lt;script&gt;";
    expect(body).toContain(`<h1><span class="p-name">Rin ${escaped}`);
    expect(body).toContain(`<p>${escaped}`);
    expect(body).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(body).toContain('href="https://example.com/?a=1&amp;b=&lt;2&gt;"');
    expect(body.replace(`<script src="${PAGE_SCRIPT_PATH}" defer></script>`, "")).not.toMatch(
      /<img|<script|<b>x/i,
    );
    expect(body).toContain(`content="&quot;quoted&quot; ${escaped}`);
  });

  test("a link that is not http(s) or mailto is shown but not linked, should one ever get past the content's checks", () => {
    const links = [{ label: "Trap", url: "javascript:alert(1)" }];
    const unsafe = { ...sample, profile: { ...sample.profile, links } };
    const { html: body } = renderPage(profileLayout(unsafe, [], SITE_URL, FIXED_NOW));
    expect(body).toContain("<b>Trap</b>");
    expect(body).not.toContain('href="javascript:');
  });
});
