/**
 * GET /humans.txt (humanstxt.org): the owner and the site, from the content. The
 * initiative's shape: a TEAM and a SITE heading (each in a C comment), `Label: value`
 * lines, and "Last update" as YYYY/MM/DD, the latest of the content's own dates.
 */
import { describe, expect, test } from "bun:test";
import { validateContent } from "../../lib/content/validate.ts";
import { as, otherOwner, SITE_URL, sample, send, testApp } from "../support/app.ts";
import { validContent } from "../support/content.ts";
import { ownerFiles } from "../support/owners.ts";

const PATH = "/humans.txt";

/** The file's sections, each a map of its `Label: value` lines. */
async function sectionsOf(app = testApp()) {
  const response = await send(app, PATH, as.curl);
  expect(response.status).toBe(200);
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of (await response.text()).split("\n")) {
    const heading = /^\/\* ([A-Z]+) \*\/$/.exec(line);
    if (heading) {
      current = new Map();
      sections.set(heading[1] as string, current);
    } else if (line !== "") {
      const field = /^([^:]+): (.+)$/.exec(line);
      expect(field, line).not.toBeNull();
      current?.set(field?.[1] as string, field?.[2] as string);
    }
  }
  return sections;
}

describe("GET /humans.txt", () => {
  test("is UTF-8 plain text, the same for every client, revalidated by ETag", async () => {
    const app = testApp();
    const answers = await Promise.all(
      [as.curl, as.browser, as.pythonRequests].map((h) => send(app, PATH, h)),
    );
    for (const answer of answers) {
      expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(answer.headers.get("vary") ?? "").not.toContain("User-Agent");
    }
    expect(new Set(await Promise.all(answers.map((answer) => answer.text()))).size).toBe(1);
    const etag = answers[0]?.headers.get("etag") as string;
    expect((await send(app, PATH, { ...as.curl, "if-none-match": etag })).status).toBe(304);
  });

  test("has a TEAM and a SITE section, in that order", async () => {
    expect([...(await sectionsOf()).keys()]).toEqual(["TEAM", "SITE"]);
  });

  test("TEAM: the owner, their role, place, contact, links and handles elsewhere", async () => {
    const team = (await sectionsOf()).get("TEAM");
    const { profile } = sample;
    expect(team?.get("Owner")).toBe(`${profile.name} (${profile.nativeName})`);
    expect(team?.get("Pronouns")).toBe(profile.pronouns);
    expect(team?.get("Role")).toBe(profile.role);
    expect(team?.get("Location")).toBe(`${profile.location.city}, ${profile.location.country}`);
    expect(team?.get("Contact")).toBe(profile.email);
    for (const { label, url } of profile.links.filter(({ url }) => url !== `mailto:${profile.email}`)) {
      expect(team?.get(label)).toBe(url);
    }
    expect(team?.get("Fediverse")).toBe("@rin@mastodon.example");
    // The site's domain is the Bluesky handle its atproto-did file makes possible.
    expect(team?.get("Bluesky")).toBe(`@${new URL(SITE_URL).hostname}`);
  });

  test.each([
    ["on Bluesky's app", { label: "Bluesky", url: "https://bsky.app/profile/ada.example" }],
    [
      "on Bluesky's app, under a label of their own",
      { label: "Posts", url: "https://bsky.app/profile/ada.example" },
    ],
    [
      "labelled Bluesky, on another app",
      { label: "Bluesky", url: "https://deer.social/profile/ada.example" },
    ],
  ])(
    "an owner with a DID and a link to their Bluesky %s: that link, and no second Bluesky line",
    async (_, link) => {
      const raw = validContent();
      raw.profile.blueskyDid = "did:plc:abcdefghijklmnopqrstuvwx";
      raw.profile.links.push(link);
      const content = validateContent(raw as unknown as ReturnType<typeof ownerFiles>, SITE_URL);
      const text = await (await send(testApp({ content }), PATH, as.curl)).text();
      const lines = text.split("\n");
      expect(lines.filter((line) => line.startsWith("Bluesky: "))).toEqual(
        link.label === "Bluesky" ? [`Bluesky: ${link.url}`] : [],
      );
      expect(lines).toContain(`${link.label}: ${link.url}`);
    },
  );

  test("SITE: the last update as YYYY/MM/DD, the language, and the stack from the content", async () => {
    const site = (await sectionsOf()).get("SITE");
    expect(site?.get("Last update")).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(site?.get("Site")).toBe(`${SITE_URL}/`);
    expect(site?.get("Language")).toBe("English");
    const { stack } = sample;
    expect([site?.get("Framework"), site?.get("Runtime"), site?.get("Written in")]).toEqual([
      stack.framework,
      stack.runtime,
      stack.language,
    ]);
    expect([site?.get("Styling"), site?.get("Typography"), site?.get("Deployment")]).toEqual([
      stack.styling,
      stack.typography,
      stack.deployment,
    ]);
  });

  test("Last update is the latest of the profile's and the /now status's dates", async () => {
    const raw = ownerFiles("rin") as { profile: { updated: string }; now: { updated: string } };
    raw.profile.updated = "2026-01-05";
    raw.now.updated = "2026-02-10";
    const nowLater = validateContent(raw as unknown as ReturnType<typeof ownerFiles>, SITE_URL);
    expect((await sectionsOf(testApp({ content: nowLater }))).get("SITE")?.get("Last update")).toBe(
      "2026/02/10",
    );
    raw.profile.updated = "2026-03-01";
    const profileLater = validateContent(raw as unknown as ReturnType<typeof ownerFiles>, SITE_URL);
    expect((await sectionsOf(testApp({ content: profileLater }))).get("SITE")?.get("Last update")).toBe(
      "2026/03/01",
    );
  });

  test("an owner with nothing optional: no line for what is absent, none empty", async () => {
    const team = (await sectionsOf(testApp({ content: otherOwner }))).get("TEAM");
    expect(team?.get("Owner")).toBe(otherOwner.profile.name);
    for (const absent of ["Pronouns", "Contact", "Fediverse", "Bluesky"])
      expect(team?.has(absent)).toBe(false);
    expect(team?.get("Notebook")).toBe("https://anuradha.example/notebook");
  });

  test("is not a page for search engines: the sitemap does not list it, nor the identity files", async () => {
    const sitemap = await (await send(testApp(), "/sitemap.xml", as.curl)).text();
    for (const path of [PATH, "/.well-known/webfinger", "/.well-known/atproto-did"]) {
      expect(sitemap).not.toContain(path);
    }
  });
});
