import { describe, expect, test } from "bun:test";
import { stripColour, visibleWidth } from "../../lib/profile/ansi/index.ts";
import { curlCommand } from "../../lib/profile/layout.ts";
import {
  as,
  FIXED_NOW,
  GET_PATHS,
  routePath,
  SITE_URL,
  send,
  stableHeaders,
  TERMINAL_CLIENTS,
  testApp,
} from "../support/app.ts";

const app = testApp();
const JSON_TYPE = "application/json; charset=utf-8";
const TEXT_TYPE = "text/plain; charset=utf-8";
const ESC = "\u001b[";

async function getJson(path: string, headers: Record<string, string> = as.pythonRequests) {
  const response = await send(app, path, headers);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(JSON_TYPE);
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe("GET /api/ping", () => {
  test("programs get the JSON heartbeat: pong, status, version, uptime, server time", async () => {
    const { response, body } = await getJson("/api/ping");
    expect(body).toEqual({
      pong: true,
      status: "ok",
      version: expect.any(String),
      uptimeSeconds: 0,
      serverTime: FIXED_NOW.toISOString(),
    });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("browsers get the JSON heartbeat too, compact", async () => {
    const response = await send(app, "/api/ping", as.browser);
    const text = await response.text();
    expect(response.headers.get("content-type")).toBe(JSON_TYPE);
    expect(text).not.toContain("\n");
    expect(JSON.parse(text).pong).toBe(true);
  });

  for (const [name, headers] of TERMINAL_CLIENTS) {
    test(`${name} gets a coloured status card with uptime, the owner's time and what to try next`, async () => {
      const response = await send(app, "/api/ping", headers);
      expect(response.headers.get("content-type")).toBe(TEXT_TYPE);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      expect(text).toContain(ESC);
      const plain = stripColour(text);
      expect(plain).toContain("is up: pong");
      expect(plain).toMatch(/uptime\s+0s/);
      expect(plain).toContain("Rin's time");
      expect(plain).toContain("Saturday 14:05 (Europe/Lisbon, GMT)");
      expect(plain).toContain(`curl ${SITE_URL}/api/roast`);
      expect(text.endsWith("\n")).toBe(true);
    });
  }

  test("curl with an explicit JSON Accept gets pretty JSON ending in a newline", async () => {
    const response = await send(app, "/api/ping", as.curlAskingForJson);
    const text = await response.text();
    expect(response.headers.get("content-type")).toBe(JSON_TYPE);
    expect(text).toStartWith('{\n  "pong": true');
    expect(text.endsWith("}\n")).toBe(true);
  });

  test("uptime counts from start-up", async () => {
    let now = FIXED_NOW.getTime();
    const ticking = testApp({ clock: () => now });
    now += 3_723_000;
    const body = await (await send(ticking, "/api/ping", as.pythonRequests)).json();
    expect(body.uptimeSeconds).toBe(3723);
    const card = stripColour(await (await send(ticking, "/api/ping", as.curl)).text());
    expect(card).toMatch(/uptime\s+1h 2m 3s/);
  });
});

describe("GET /api/curl", () => {
  test("is the profile in ANSI colour for anyone who asks, curl or not", async () => {
    for (const headers of [as.curl, as.browser, as.pythonRequests]) {
      const response = await send(app, "/api/curl", headers);
      expect(response.headers.get("content-type")).toBe(TEXT_TYPE);
      expect(await response.text()).toContain(ESC);
    }
  });

  test("shows the header, timeline, skill bars, live status, links and other endpoints", async () => {
    const plain = stripColour(await (await send(app, "/api/curl", as.curl)).text());
    expect(plain).toContain("Rin Hayashi");
    expect(plain).toContain("Staff ML Engineer · Lisbon, Portugal");
    expect(plain).toContain("Saturday 14:05 (GMT)");
    expect(plain).toMatch(/2023 – now\s+Staff ML Engineer · Tessellate Freight/);
    expect(plain).toMatch(/2015 – 2017\s+Data Analyst/);
    expect(plain).toMatch(/Python\s+█+[▏▎▍▌▋▊▉]?░*\s+93\n/);
    expect(plain).toContain("building");
    expect(plain).toContain("learning");
    expect(plain).toContain("https://github.com/rin-example");
    expect(plain).toContain(`curl ${SITE_URL}/api/roast`);
    expect(plain).not.toContain(`curl ${SITE_URL}/api/curl `);
  });

  test("suggests every other GET endpoint to try, the files for crawlers and the fediverse included", async () => {
    const plain = stripColour(await (await send(app, "/api/curl", as.curl)).text());
    // A command too wide for a line goes on in the next, after ` \`: read as one line.
    const tried = plain.slice(plain.indexOf("── Try")).replace(/ \\\n\s+/g, " ");
    for (const path of GET_PATHS.filter((path) => path !== "/" && path !== "/api/curl")) {
      expect(tried).toContain(curlCommand(SITE_URL, "GET", path));
    }
    expect(tried).toContain(`curl -G ${SITE_URL}/.well-known/webfinger -d resource=acct:rin@rin.example`);
  });

  test("never draws a line wider than 80 columns, and ends with a newline", async () => {
    const text = await (await send(app, "/api/curl", as.curl)).text();
    expect(text.endsWith("\n")).toBe(true);
    for (const line of text.split("\n")) expect(visibleWidth(line)).toBeLessThanOrEqual(80);
  });

  test("?nocolor and its short form ?T drop every escape code, nothing else", async () => {
    const coloured = await (await send(app, "/api/curl", as.curl)).text();
    for (const query of ["?nocolor", "?T", "?nocolor=1"]) {
      const plain = await (await send(app, `/api/curl${query}`, as.curl)).text();
      expect(plain).not.toContain("\u001b");
      expect(plain).toBe(stripColour(coloured));
    }
  });
});

describe("the switches of text answers", () => {
  const text = async (url: string, headers: Record<string, string> = as.curl) => {
    const response = await send(app, url, headers);
    return { status: response.status, body: await response.text() };
  };

  test("combine: ?width=60&nocolor is 60 columns without colour, ?theme=light&truecolor the same text in 24-bit colour", async () => {
    const narrow = await text("/api/curl?width=60&nocolor");
    expect(narrow.body).not.toContain("\u001b");
    expect(Math.max(...narrow.body.split("\n").map(visibleWidth))).toBeLessThanOrEqual(60);
    const light = await text("/api/curl?theme=light&truecolor");
    expect(light.body).toContain("\u001b[38;2;");
    expect(stripColour(light.body)).toBe((await text("/api/curl?nocolor")).body);
  });

  for (const path of ["/", "/api/curl", "/api/ping"]) {
    test(`${path}: a bad value is the 400 envelope naming what is accepted, never echoing what was sent`, async () => {
      for (const [query, message] of [
        ["?width=%1b%5b2J", "width must be a whole number from 40 to 200"],
        ["?width=39", "width must be a whole number from 40 to 200"],
        ["?theme=%1b%5b2J", "theme must be dark or light"],
        [
          "?nocolor=%1b%5b2J",
          "nocolor is on with no value or with 1, true, yes or on; off with 0, false, no or off",
        ],
      ] as const) {
        const answer = await text(`${path}${query}`);
        expect({ query, status: answer.status, body: JSON.parse(answer.body) }).toEqual({
          query,
          status: 400,
          body: { error: { status: 400, code: "bad_request", message } },
        });
      }
    });
  }

  test("?nocolor=0 and ?truecolor=no say no: the answer is the one without them", async () => {
    const plain = await text("/api/curl");
    expect((await text("/api/curl?nocolor=0")).body).toBe(plain.body);
    expect((await text("/api/curl?truecolor=no&T=false")).body).toBe(plain.body);
    expect((await text("/api/curl?help=off")).body).toBe(plain.body);
    expect((await text("/api/curl?nocolor=YES")).body).toBe((await text("/api/curl?nocolor")).body);
  });

  test("?help lists the switches, for terminals, at / as at /api/curl and /api/ping", async () => {
    for (const path of ["/", "/api/curl", "/api/ping"]) {
      const help = await text(`${path}?help&nocolor`);
      expect(help.body).toContain(`curl '${SITE_URL}${path}?width=60'`);
    }
  });

  test("JSON answers do not read them", async () => {
    const ping = await text("/api/ping?width=abc&theme=sepia", as.pythonRequests);
    expect(ping.status).toBe(200);
    expect(JSON.parse(ping.body).pong).toBe(true);
  });
});

describe("GET /", () => {
  for (const [name, headers] of TERMINAL_CLIENTS) {
    test(`${name} gets exactly the bytes and headers /api/curl returns`, async () => {
      const root = await send(app, "/", headers);
      const curl = await send(app, "/api/curl", headers);
      expect(await root.text()).toBe(await curl.text());
      expect(stableHeaders(root)).toEqual(stableHeaders(curl));
    });
  }

  test("the rewrite keeps the switches", async () => {
    for (const query of ["?nocolor", "?width=60&theme=dark"]) {
      const root = await (await send(app, `/${query}`, as.curl)).text();
      expect(root).toBe(await (await send(app, `/api/curl${query}`, as.curl)).text());
    }
  });

  for (const [name, headers] of [
    ["python-requests", as.pythonRequests],
    ["a browser asking for JSON alone", as.browserAskingForJson],
    ["curl asking for JSON", as.curlAskingForJson],
    ["a client with no User-Agent", as.noUserAgent],
  ] as const) {
    test(`${name} gets the JSON index of the API`, async () => {
      const { body } = await getJson("/", headers);
      expect(body.docs).toEqual({ ui: `${SITE_URL}/api/docs`, openapi: `${SITE_URL}/api/docs/json` });
      const endpoints = body.endpoints as { method: string; path: string; description: string }[];
      const paths = endpoints.map(({ method, path }) => `${method} ${path}`);
      for (const path of GET_PATHS) {
        expect(paths).toContain(`GET ${routePath(path)}`);
      }
      for (const { description } of endpoints) expect(description.length).toBeGreaterThan(3);
    });
  }
});

describe("GET /api/rin.json", () => {
  test("is the structured profile: name, role, location, skills, experience, links, education, languages", async () => {
    const { body } = await getJson("/api/rin.json");
    expect(body).toMatchObject({
      handle: "rin",
      name: "Rin Hayashi",
      role: expect.any(String),
      location: { city: "Lisbon", country: "Portugal", timezone: "Europe/Lisbon" },
    });
    for (const key of ["skills", "experience", "links", "education", "languages"]) {
      expect((body[key] as unknown[]).length).toBeGreaterThan(0);
    }
    expect((body.experience as { end: string | null }[])[0]?.end).toBeNull();
  });

  test("is pretty-printed for a terminal and compact for a program, with the same data", async () => {
    const pretty = await (await send(app, "/api/rin.json", as.curl)).text();
    const compact = await (await send(app, "/api/rin.json", as.pythonRequests)).text();
    expect(pretty).toBe(`${JSON.stringify(JSON.parse(compact), null, 2)}\n`);
    expect(compact).not.toContain("\n");
  });
});

describe("GET /api/now", () => {
  test("says what is being built, learned, read (title + author) and not done, when, and in which zone", async () => {
    const { body } = await getJson("/api/now");
    expect(body).toMatchObject({
      status: expect.any(String),
      updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      timezone: "Europe/Lisbon",
    });
    expect((body.building as string[]).length).toBeGreaterThan(0);
    expect((body.learning as string[]).length).toBeGreaterThan(0);
    expect((body.notDoing as string[]).length).toBeGreaterThan(0);
    for (const book of body.reading as { title: string; author: string }[]) {
      expect(book).toEqual({ title: expect.any(String), author: expect.any(String) });
    }
  });
});

describe("GET /api/stack", () => {
  test("names framework, runtime, language, styling, typography and deployment", async () => {
    const { body } = await getJson("/api/stack");
    for (const key of ["framework", "runtime", "language", "styling", "typography", "deployment"]) {
      expect(body[key]).toEqual(expect.any(String));
    }
  });

  test("every easter-egg hint points at something this API really answers", async () => {
    const { body } = await getJson("/api/stack");
    const eggs = body.easterEggs as { hint: string; try: string }[];
    expect(eggs.length).toBeGreaterThan(0);
    for (const egg of eggs) {
      expect(egg.try).toContain(SITE_URL);
      const url = egg.try.match(/https:\/\/rin\.example(\/[^\s']*)/)?.[1];
      expect(url).toBeDefined();
      const headers = egg.try.includes("application/json") ? as.curlAskingForJson : as.curl;
      const response = await send(app, url as string, headers);
      expect(response.status).toBe(200);
      if (egg.try.includes("-I")) expect(response.headers.get("x-clacks-overhead")).toBeTruthy();
    }
  });
});
