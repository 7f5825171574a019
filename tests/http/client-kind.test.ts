import { describe, expect, test } from "bun:test";
import {
  acceptsHealth,
  acceptsMarkdown,
  acceptsOnlyHtml,
  acceptsOnlyJson,
  type Client,
  type ClientKind,
  classifyClient,
  clientOf,
  LINK_PREVIEW_AGENTS,
  TERMINAL_AGENTS,
} from "../../lib/http/client-kind.ts";
import { send, testApp } from "../support/app.ts";

describe("classifyClient", () => {
  const cases: [
    name: string,
    ua: string | null,
    accept: string | null,
    kind: ClientKind,
    wants: Client["wants"],
  ][] = [
    ["curl", "curl/8.5.0", "*/*", "terminal", "text"],
    ["Wget", "Wget/1.21.4", "*/*", "terminal", "text"],
    ["HTTPie with its default Accept", "HTTPie/3.2.2", "application/json, */*;q=0.5", "terminal", "text"],
    ["xh", "xh/0.22.0", "*/*", "terminal", "text"],
    ["lwp-request", "lwp-request/6.72 libwww-perl/6.72", null, "terminal", "text"],
    [
      "PowerShell, whose UA also says Mozilla/",
      "Mozilla/5.0 (Windows NT 10.0; Microsoft Windows 10.0.22631; en-US) PowerShell/7.4.1",
      null,
      "terminal",
      "text",
    ],
    ["aria2", "aria2/1.37.0", null, "terminal", "text"],
    ["FreeBSD fetch", "FreeBSD-13.2 fetch libfetch/2.0", null, "terminal", "text"],
    ["OpenBSD ftp", "OpenBSD ftp", null, "terminal", "text"],
    ["Nushell", "nushell", null, "terminal", "text"],
    ["upper-case UA", "CURL/8.5.0", null, "terminal", "text"],
    ["curl with an explicit JSON Accept", "curl/8.5.0", "application/json", "terminal", "json"],
    [
      "curl with a JSON Accept and a charset",
      "curl/8.5.0",
      "Application/JSON; charset=utf-8",
      "terminal",
      "json",
    ],
    ["curl refusing JSON with q=0", "curl/8.5.0", "application/json;q=0", "terminal", "text"],
    [
      "Firefox",
      "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
      "text/html",
      "browser",
      "html",
    ],
    [
      "Firefox with its own Accept",
      "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
      "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      "browser",
      "html",
    ],
    [
      "Firefox asking for JSON alone",
      "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
      "application/json",
      "browser",
      "json",
    ],
    [
      "Mastodon's link verification, asking for HTML alone",
      "http.rb/5.2.0 (Mastodon/4.3.0; +https://mastodon.example/)",
      "text/html",
      "preview",
      "html",
    ],
    ["curl asking for HTML alone", "curl/8.5.0", "text/html", "terminal", "html"],
    ["a program naming HTML beside */*", "Go-http-client/2.0", "text/html, */*", "program", "json"],
    [
      "a program naming JSON and HTML: JSON first",
      "axios/1.7.2",
      "text/html, application/json",
      "program",
      "json",
    ],
    ["python-requests", "python-requests/2.31.0", "*/*", "program", "json"],
    ["axios", "axios/1.7.2", "application/json, text/plain, */*", "program", "json"],
    ["node fetch", "node", "*/*", "program", "json"],
    ["Go", "Go-http-client/2.0", null, "program", "json"],
    ["an uptime monitor", "UptimeRobot/2.0", null, "program", "json"],
    ["an empty User-Agent", "", null, "program", "json"],
    ["no User-Agent at all", null, null, "program", "json"],
  ];

  for (const [name, ua, accept, kind, wants] of cases) {
    test(`${name} is a ${kind} that gets ${wants}`, () => {
      const client = classifyClient(ua, accept);
      expect(client.kind).toBe(kind);
      expect(client.wants).toBe(wants);
    });
  }

  test("terminals get pretty JSON, everyone else compact", () => {
    expect(classifyClient("curl/8.5.0", "application/json").prettyJson).toBe(true);
    expect(classifyClient("python-requests/2.31.0", null).prettyJson).toBe(false);
    expect(classifyClient("Mozilla/5.0", null).prettyJson).toBe(false);
  });

  test("every terminal agent in the table is recognised inside a realistic UA", () => {
    for (const agent of TERMINAL_AGENTS) {
      expect(classifyClient(`Something ${agent.toUpperCase()}1.0 (x)`, null).kind).toBe("terminal");
    }
  });
});

/** Link previews' User-Agents, as each service documents or sends them. */
const LINK_PREVIEWS: readonly [name: string, ua: string][] = [
  ["Facebook", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"],
  ["Facebook's Facebot", "Facebot"],
  ["Slack", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"],
  ["X", "Twitterbot/1.0"],
  ["Telegram", "TelegramBot (like TwitterBot)"],
  ["WhatsApp on Android", "WhatsApp/2.23.20.0 A"],
  ["WhatsApp on iOS", "WhatsApp/2.2349.52 i"],
  ["Signal, which sends WhatsApp's", "WhatsApp/2"],
  ["Discord", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"],
  ["Mastodon's card fetcher", "http.rb/5.2.0 (Mastodon/4.3.2; +https://mastodon.social/) Bot"],
  ["Mastodon 4.2", "http.rb/5.1.1 (Mastodon/4.2.1; +https://fosstodon.org/)"],
  [
    "Bluesky's cardyb",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app) Chrome/W.X.Y.Z Safari/537.36",
  ],
  ["Bluesky's cardyb before 2024", "Bluesky Cardyb/1.1"],
  ["LinkedIn", "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)"],
  ["Iframely", "Iframely/1.3.1 (+https://iframely.com/docs/about)"],
  ["Embedly", "Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)"],
  [
    "Skype and Teams",
    "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com",
  ],
  ["Pinterest", "Pinterestbot/1.0 (+http://www.pinterest.com/bot.html)"],
  ["Reddit", "Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)"],
  [
    "iMessage",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
  ],
  ["Matrix's Synapse", "Synapse (bot; +https://github.com/matrix-org/synapse)"],
  [
    "Google Chat",
    "Mozilla/5.0 (compatible; Google-PageRenderer Google (+https://developers.google.com/+/web/snippet/))",
  ],
  ["Snapchat", "Snap URL Preview Service; bot; snapchat; https://developers.snap.com/robots"],
  ["VK", "Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)"],
];

/** Programs and monitors that look like bots to a list of all bots, and must keep getting JSON. */
const PROGRAMS: readonly string[] = [
  "python-requests/2.32.3",
  "python-httpx/0.27.0",
  "Go-http-client/1.1",
  "axios/1.7.2",
  "node",
  "Bun/1.4.5",
  "Deno/2.9.6",
  "okhttp/4.12.0",
  "Java-http-client/21.0.2",
  "PostmanRuntime/7.39.0",
  "Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)",
  "Uptime-Kuma/1.23.13",
  "kube-probe/1.29",
  "Prometheus/2.53.0",
  "Scrapy/2.11.2 (+https://scrapy.org)",
];

describe("link previews", () => {
  test.each(LINK_PREVIEWS)("%s gets the page, whatever its Accept", (_name, ua) => {
    for (const accept of [null, "*/*", "text/html", "text/html,*/*;q=0.8", "application/json, */*;q=0.1"]) {
      expect(classifyClient(ua, accept)).toEqual({
        kind: "preview",
        wants: "html",
        prettyJson: false,
        markdown: false,
      });
    }
  });

  test.each(LINK_PREVIEWS)("%s asking for JSON alone gets JSON", (_name, ua) => {
    expect(classifyClient(ua, "application/json").wants).toBe("json");
  });

  test.each(PROGRAMS)("%s is a program that gets JSON", (ua) => {
    expect(classifyClient(ua, "*/*")).toEqual({
      kind: "program",
      wants: "json",
      prettyJson: false,
      markdown: false,
    });
  });

  test("every entry of the table is recognised inside a realistic UA, and none is a terminal's", () => {
    for (const agent of LINK_PREVIEW_AGENTS) {
      expect(classifyClient(`Something ${agent.toUpperCase()}1.0 (x)`, null).kind).toBe("preview");
    }
  });

  test("a terminal is a terminal, even with a link preview's name in its UA", () => {
    expect(classifyClient("curl/8.5.0 (slackbot)", "*/*").kind).toBe("terminal");
  });

  test("/ answers a link preview the page, and says it depends on User-Agent and Accept", async () => {
    const app = testApp();
    for (const [, ua] of LINK_PREVIEWS) {
      const response = await send(app, "/", { "user-agent": ua, accept: "*/*" });
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("vary")).toBe("Accept, User-Agent, Accept-Encoding");
    }
    const json = await send(app, "/", { "user-agent": "python-requests/2.32.3", accept: "*/*" });
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(json.headers.get("vary")).toBe("Accept, User-Agent, Accept-Encoding");
  });
});

describe("clientOf", () => {
  const request = (userAgent: string) => new Request("http://x/", { headers: { "user-agent": userAgent } });

  test("classifies each request by its own headers, however they alternate", () => {
    const curl = request("curl/8.5.0");
    const browser = request("Mozilla/5.0");
    const kinds = [curl, curl, browser, curl, request("curl/8.5.0"), browser].map((r) => clientOf(r).kind);
    expect(kinds).toEqual(["terminal", "terminal", "browser", "terminal", "terminal", "browser"]);
  });

  test("gives a request the same client as classifyClient gives its headers", () => {
    const json = new Request("http://x/", {
      headers: { "user-agent": "curl/8.5.0", accept: "application/json" },
    });
    expect(clientOf(json)).toEqual(classifyClient("curl/8.5.0", "application/json"));
  });
});

describe("acceptsOnlyHtml", () => {
  test("HTML named without a wildcard is a wish; with one, or refused with q=0, it is not", () => {
    expect(acceptsOnlyHtml("text/html")).toBe(true);
    expect(acceptsOnlyHtml("text/html;q=0.9, application/xhtml+xml")).toBe(true);
    expect(acceptsOnlyHtml("text/html,application/xhtml+xml,*/*;q=0.8")).toBe(false);
    expect(acceptsOnlyHtml("text/html;q=0")).toBe(false);
    expect(acceptsOnlyHtml("text/plain")).toBe(false);
  });
});

describe("acceptsMarkdown", () => {
  test("assistants' fetchers prefer Markdown: Claude Code's and Cursor's Accept", () => {
    expect(acceptsMarkdown("text/markdown, text/html, */*")).toBe(true);
    expect(acceptsMarkdown("text/markdown, text/plain;q=0.9, */*;q=0.8")).toBe(true);
    expect(acceptsMarkdown("Text/Markdown")).toBe(true);
  });

  test("Markdown named below another type, refused with q=0, or not named is no preference", () => {
    expect(acceptsMarkdown("text/html, text/markdown;q=0.5")).toBe(false);
    expect(acceptsMarkdown("text/markdown;q=0.5, */*")).toBe(false);
    expect(acceptsMarkdown("text/markdown;q=0")).toBe(false);
    expect(acceptsMarkdown("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")).toBe(false);
    expect(acceptsMarkdown("*/*")).toBe(false);
  });

  test("classifyClient: Markdown beside the kind's own wish; a JSON-only Accept wins over it", () => {
    const claude = classifyClient("Claude-User/1.0", "text/markdown, text/html, */*");
    expect(claude).toEqual({ kind: "program", wants: "json", prettyJson: false, markdown: true });
    expect(classifyClient("curl/8.5.0", "text/markdown").markdown).toBe(true);
    expect(classifyClient("curl/8.5.0", "text/markdown").wants).toBe("text");
    expect(classifyClient("axios/1.7.2", "text/markdown, application/json").markdown).toBe(false);
    for (const accept of [null, "*/*", "application/json", "text/html"]) {
      expect(classifyClient("curl/8.5.0", accept).markdown).toBe(false);
    }
  });
});

describe("acceptsOnlyJson", () => {
  test("a wildcard anywhere makes JSON a default, not a wish", () => {
    expect(acceptsOnlyJson("application/json, */*;q=0.5")).toBe(false);
    expect(acceptsOnlyJson("*/*, application/json")).toBe(false);
  });
  test("JSON among other specific types is still a wish", () => {
    expect(acceptsOnlyJson("text/html, application/json")).toBe(true);
  });
  test("no JSON named means no wish, whatever the syntax", () => {
    expect(acceptsOnlyJson("text/plain")).toBe(false);
    expect(acceptsOnlyJson(";;,,")).toBe(false);
    expect(acceptsOnlyJson("")).toBe(false);
  });
});

describe("acceptsHealth", () => {
  test("the health-check format named with a weight above 0 is asked for; a wildcard or q=0 is not", () => {
    expect(acceptsHealth("application/health+json")).toBe(true);
    expect(acceptsHealth("application/health+json;q=0.5, application/json")).toBe(true);
    expect(acceptsHealth("application/health+json;q=0, */*")).toBe(false);
    expect(acceptsHealth("*/*")).toBe(false);
    expect(acceptsHealth("application/json")).toBe(false);
  });

  test("media types compare in any case: Application/Health+JSON asks for it too", () => {
    expect(acceptsHealth("Application/Health+JSON")).toBe(true);
    expect(acceptsHealth("APPLICATION/HEALTH+JSON;Q=0.9")).toBe(true);
  });

  test("the heartbeat answers Application/Health+JSON in the health-check format, not the plain JSON", async () => {
    const response = await send(testApp(), "/api/ping", { accept: "Application/Health+JSON" });
    expect(response.headers.get("content-type")).toBe("application/health+json");
    expect(await response.json()).toMatchObject({ status: expect.stringMatching(/^(pass|warn)$/) });
  });
});
