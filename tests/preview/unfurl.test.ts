/**
 * The site shared: open-graph-scraper, an unfurler we did not write, fetches the page from
 * a real server on loopback as each link preview does (its User-Agent, `Accept: *\/*`),
 * reads the card from the head, and the image it names answers as a PNG of the size the
 * head says. A program gets no page to read a card from.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import ogs from "open-graph-scraper";
import { freePort } from "../../scripts/loopback.ts";
import { pngSize } from "../support/png.ts";
import { startServer, type TestServer } from "../support/server.ts";

/** A few link previews, each as it sends its User-Agent. */
const PREVIEWS = [
  ["Slack", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"],
  ["Facebook", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"],
  ["Mastodon", "http.rb/5.2.0 (Mastodon/4.3.2; +https://mastodon.social/) Bot"],
  ["Telegram", "TelegramBot (like TwitterBot)"],
  ["WhatsApp", "WhatsApp/2.23.20.0 A"],
  ["Bluesky", "Bluesky Cardyb/1.1"],
] as const;

let server: TestServer;
beforeAll(async () => {
  // The site's URL is the server's own, so the image the head names can be fetched.
  const port = freePort();
  server = await startServer({ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` });
});
afterAll(() => server.stop());

/** The card as open-graph-scraper reads it, fetching `/` with these headers. */
async function unfurl(userAgent: string) {
  return ogs({
    url: `${server.url}/`,
    // Loopback has no top-level domain, which the scraper's URL check asks for by default.
    urlValidatorSettings: {
      protocols: ["http", "https"],
      require_tld: false,
      require_protocol: true,
      require_host: true,
      require_valid_protocol: true,
      allow_underscores: false,
      allow_trailing_dot: false,
      allow_protocol_relative_urls: false,
      allow_fragments: true,
      allow_query_components: true,
      require_port: false,
      validate_length: true,
    },
    // The scraper sends `Accept: text/html` unless told otherwise, under this spelling.
    fetchOptions: { headers: { "user-agent": userAgent, Accept: "*/*" } },
    customMetaTags: [{ multiple: false, property: "fediverse:creator", fieldName: "fediverseCreator" }],
    timeout: 10,
  });
}

describe("shared, the site unfurls as a large card", () => {
  test.each(PREVIEWS)("as %s fetches it", async (_name, userAgent) => {
    const { error, result } = await unfurl(userAgent);
    expect(error).toBe(false);
    expect(result).toMatchObject({
      ogTitle: "Rin Hayashi · Staff ML Engineer",
      ogDescription: "Measures twice, ships small, and trusts the baseline more than the leaderboard.",
      ogType: "profile",
      ogUrl: `${server.url}/`,
      twitterCard: "summary_large_image",
      customMetaTags: { fediverseCreator: "@rin@mastodon.example" },
    });
    // The scraper's types say numbers; it gives the attributes as written.
    expect(result.ogImage as unknown).toEqual([
      {
        url: `${server.url}/preview.png`,
        type: "image/png",
        width: "1200",
        height: "630",
        alt: "Rin Hayashi, Staff ML Engineer, in Lisbon, Portugal (GMT). Now: Rebuilding our eval harness; learning to surf, badly",
      },
    ]);
  });

  test("the image the card names is a PNG of the size it says", async () => {
    const { result } = await unfurl(PREVIEWS[0][1]);
    const image = result.ogImage?.[0];
    const response = await fetch(image?.url as string, { headers: { "user-agent": PREVIEWS[0][1] } });
    expect(response.headers.get("content-type")).toBe(image?.type as string);
    const size = pngSize(new Uint8Array(await response.arrayBuffer()));
    expect(size).toEqual({ width: Number(image?.width), height: Number(image?.height) });
  });

  test("a program gets JSON, with no page to read a card from", async () => {
    await expect(unfurl("python-requests/2.32.3")).rejects.toMatchObject({ error: true });
  });
});
