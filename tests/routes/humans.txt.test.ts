/**
 * GET /humans.txt (humanstxt.org): the owner and the site, from the content. The
 * initiative's shape: a TEAM and a SITE heading (each in a C comment), `Label: value`
 * lines, and "Last update" as YYYY/MM/DD, the latest of the content's own dates.
 */
import { describe, expect, test } from "bun:test";
import { as, otherOwner, routeTableOf, SITE_URL, sample, send, testApp } from "../support/app.ts";
import { contentFiles, validContent } from "../support/content.ts";
import { ownerFile, ownerFilesWith } from "../support/owners.ts";

const PATH = "/humans.txt";

/** The site's stack, as a test owner writes it in content/stack.json. */
const STACK = {
  framework: "A framework, for its types",
  runtime: "A runtime",
  language: "A language",
  styling: "Colour for terminals",
  typography: "The terminal's own font",
  deployment: "One executable",
  easterEggs: [{ hint: "Ask the front door.", try: "curl {base_url}/" }],
};

/** The sample owner with that stack, and any other files given. */
const withStack = (files: Record<string, unknown> = {}) =>
  testApp({ files: ownerFilesWith("rin", { "stack.json": STACK, ...files }) });

/** The file's sections, each a map of its `Label: value` lines. */
async function sectionsOf(app = withStack()) {
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
      const text = await (await send(testApp({ files: contentFiles(raw) }), PATH, as.curl)).text();
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
    expect([site?.get("Framework"), site?.get("Runtime"), site?.get("Written in")]).toEqual([
      STACK.framework,
      STACK.runtime,
      STACK.language,
    ]);
    expect([site?.get("Styling"), site?.get("Typography"), site?.get("Deployment")]).toEqual([
      STACK.styling,
      STACK.typography,
      STACK.deployment,
    ]);
  });

  test("Last update is the latest of the profile's and the /now status's dates", async () => {
    const dated = (profile: string, now: string) =>
      withStack({
        "profile.json": { ...ownerFile<object>("rin", "profile.json"), updated: profile },
        "now.json": { ...ownerFile<object>("rin", "now.json"), updated: now },
      });
    const lastUpdate = async (app: ReturnType<typeof testApp>) =>
      (await sectionsOf(app)).get("SITE")?.get("Last update");
    expect(await lastUpdate(dated("2026-01-05", "2026-02-10"))).toBe("2026/02/10");
    expect(await lastUpdate(dated("2026-03-01", "2026-02-10"))).toBe("2026/03/01");
  });

  test("an owner with nothing optional: no line for what is absent, none empty", async () => {
    const team = (
      await sectionsOf(testApp({ files: ownerFilesWith("anuradha", { "stack.json": STACK }) }))
    ).get("TEAM");
    expect(team?.get("Owner")).toBe(otherOwner.profile.name);
    for (const absent of ["Pronouns", "Contact", "Fediverse", "Bluesky"])
      expect(team?.has(absent)).toBe(false);
    expect(team?.get("Notebook")).toBe("https://anuradha.example/notebook");
  });

  test("is not a page for search engines, and the page links to it as its author", () => {
    const [route] = routeTableOf().filter(({ path }) => path === PATH);
    expect(route?.sitemap).toBeUndefined();
    expect(route?.pageLink).toEqual({ rel: "author", type: "text/plain" });
  });
});
