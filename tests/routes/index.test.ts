/**
 * GET /: the profile for terminals, the page for browsers (tests/profile/html/), and the
 * JSON index of the API for programs and anyone asking for JSON alone.
 */
import { describe, expect, test } from "bun:test";
import { profileMarkdown } from "../../lib/markdown/profile.ts";
import { stripColour, visibleWidth } from "../../lib/profile/ansi/index.ts";
import { curlCommand } from "../../lib/profile/model/layout.ts";
import { as, GET_PATHS, routePath, routeTableOf, SITE_URL, sample, send, testApp } from "../support/app.ts";
import { commandsIn } from "../support/commands.ts";

const app = testApp();

describe("GET / for a terminal", () => {
  test("is the profile in colour: the header, timeline, skill bars, live status and links", async () => {
    const response = await send(app, "/", as.curl);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60, must-revalidate");
    const text = await response.text();
    expect(text).toContain("\u001b[");
    const plain = stripColour(text);
    expect(plain).toContain("Rin Hayashi");
    expect(plain).toContain("Staff ML Engineer · Lisbon, Portugal");
    expect(plain).toContain("Saturday 14:05 (GMT)");
    expect(plain).toMatch(/2023 – now\s+Staff ML Engineer · Tessellate Freight/);
    expect(plain).toMatch(/2015 – 2017\s+Data Analyst/);
    expect(plain).toMatch(/Python\s+█+[▏▎▍▌▋▊▉]?░*\s+93\n/);
    expect(plain).toContain("building");
    expect(plain).toContain("learning");
    expect(plain).toContain("https://github.com/rin-example");
  });

  test("suggests every GET route of the table but those that are the profile itself, as a command", async () => {
    const plain = await (await send(app, "/?nocolor&width=200", as.curl)).text();
    const shown = new Set(commandsIn(plain.slice(plain.indexOf("── Try"))));
    for (const { method, path, examplePath, profileForTerminals, streams } of routeTableOf()) {
      const listed = shown.has(curlCommand(SITE_URL, "GET", examplePath, streams));
      expect({ path, listed }).toEqual({ path, listed: method === "GET" && !profileForTerminals });
    }
  });

  test("sends a reader to the JSON of every route that answers with the content whole", async () => {
    const plain = stripColour(await (await send(app, "/?width=200", as.curl)).text());
    const whole = routeTableOf().filter(({ contentAsJson }) => contentAsJson);
    expect(whole.length).toBeGreaterThan(0);
    for (const { path } of whole) expect(plain).toMatch(new RegExp(`in .*${RegExp.escape(path)}.* as JSON`));
  });

  test("never draws a line wider than 80 columns, and ends with a newline", async () => {
    const text = await (await send(app, "/", as.curl)).text();
    expect(text.endsWith("\n")).toBe(true);
    for (const line of text.split("\n")) expect(visibleWidth(line)).toBeLessThanOrEqual(80);
  });

  test("?nocolor and its short form ?T drop every escape code, nothing else", async () => {
    const coloured = await (await send(app, "/", as.curl)).text();
    for (const query of ["?nocolor", "?T", "?nocolor=1"]) {
      const plain = await (await send(app, `/${query}`, as.curl)).text();
      expect(plain).not.toContain("\u001b");
      expect(plain).toBe(stripColour(coloured));
    }
  });
});

describe("GET / for programs", () => {
  for (const [name, headers] of [
    ["python-requests", as.pythonRequests],
    ["a browser asking for JSON alone", as.browserAskingForJson],
    ["curl asking for JSON", as.curlAskingForJson],
    ["a client with no User-Agent", as.noUserAgent],
  ] as const) {
    test(`${name} gets the JSON index of the API: every route of the table, and where the docs are`, async () => {
      const response = await send(app, "/", headers);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const body = await response.json();
      expect(body.docs).toEqual({ ui: `${SITE_URL}/api/docs`, openapi: `${SITE_URL}/api/docs/json` });
      const endpoints = body.endpoints as { method: string; path: string; description: string }[];
      expect(endpoints.map(({ method, path }) => `${method} ${path}`)).toEqual(
        routeTableOf().map(({ method, path }) => `${method} ${path}`),
      );
      for (const path of GET_PATHS) expect(endpoints.map(({ path }) => path)).toContain(routePath(path));
      for (const { description } of endpoints) expect(description.length).toBeGreaterThan(3);
    });
  }
});

describe("GET / for an assistant that prefers Markdown", () => {
  test("is the profile in Markdown, whatever the User-Agent, varying on Accept and User-Agent", async () => {
    for (const userAgent of ["Claude-User/1.0", "curl/8.5.0"]) {
      const response = await send(testApp(), "/", { ...as.assistant, "user-agent": userAgent });
      expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(response.headers.get("vary")).toStartWith("Accept, User-Agent");
      expect(await response.text()).toBe(profileMarkdown(sample.profile));
    }
  });

  test("a browser's Accept, which names no Markdown, still gets the page", async () => {
    const response = await send(testApp(), "/", as.browser);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });
});
