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
      "program",
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
