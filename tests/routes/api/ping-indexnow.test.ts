import { afterEach, describe, expect, it } from "bun:test";
import { sitePages } from "../../../lib/crawlers/site-pages.ts";
import {
  as,
  FIXED_NOW,
  GET_PATHS,
  routeTableOf,
  SITE_URL,
  sample,
  send,
  testApp,
} from "../../support/app.ts";
import { type FakeEngine, refusedUrl, startEngine } from "../../support/engines.ts";
import { memoryLog } from "../../support/log.ts";

const KEY = "5f2b9c0e-4d7a-41c8";
const PATH = "/api/ping-indexnow";

let engines: FakeEngine[] = [];
afterEach(() => {
  for (const e of engines) e.stop();
  engines = [];
});
function engine(...answers: Parameters<typeof startEngine>): FakeEngine {
  const started = startEngine(...answers);
  engines.push(started);
  return started;
}

/** The app with IndexNow configured against the given engine URLs; events are captured. */
function indexNowApp(
  endpoints: string[],
  env: Record<string, string> = {},
  clock = () => FIXED_NOW.getTime(),
) {
  const log = memoryLog();
  const appEnv = {
    SITE_URL,
    INDEXNOW_KEY: KEY,
    INDEXNOW_ENDPOINTS: endpoints.join(","),
    INDEXNOW_TIMEOUT_MS: "500",
    INDEXNOW_COOLDOWN_SECONDS: "0",
    ...env,
  };
  return { app: testApp({ env: appEnv, clock, log }), events: log.events };
}

const trigger = (app: ReturnType<typeof indexNowApp>["app"], headers: Record<string, string> = as.curl) =>
  send(app, PATH, headers, { method: "POST" });

describe("POST /api/ping-indexnow", () => {
  it("sends each engine the host, key, keyLocation and every URL on the host", async () => {
    const bing = engine({ status: 200 });
    const { app } = indexNowApp([bing.url]);
    expect((await trigger(app)).status).toBe(200);
    const body = JSON.parse(bing.received[0]?.body ?? "{}");
    expect(body).toEqual({
      host: "rin.example",
      key: KEY,
      keyLocation: `${SITE_URL}/${KEY}.txt`,
      // The site's pages, as the route table gives them: what the sitemap lists.
      urlList: sitePages(sample, routeTableOf(), SITE_URL).map(({ url }) => url),
    });
    expect(body.urlList[0]).toBe(`${SITE_URL}/`);
    for (const url of body.urlList) expect(new URL(url).host).toBe("rin.example");
  });

  it("answers 200 with a report when every engine accepts (200 and 202)", async () => {
    const bing = engine({ status: 200 });
    const yandex = engine({ status: 202 });
    const { app } = indexNowApp([bing.url, yandex.url]);
    const response = await trigger(app, as.pythonRequests);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const report = await response.json();
    expect(report).toMatchObject({
      outcome: "accepted",
      coalesced: false,
      host: "rin.example",
      keyLocation: `${SITE_URL}/${KEY}.txt`,
      engines: [
        { endpoint: bing.url, status: 200, outcome: "accepted", attempts: 1 },
        { endpoint: yandex.url, status: 202, outcome: "accepted", attempts: 1 },
      ],
    });
    expect(report.urls).toHaveLength(sitePages(sample, routeTableOf(), SITE_URL).length);
    expect(report.engines[1].explanation).toContain("validate the key later");
    expect(typeof report.engines[0].durationMs).toBe("number");
  });

  it("answers 207 when some engines accept, reporting 403, 422 and 429 per engine", async () => {
    const ok = engine({ status: 200 });
    const forbidden = engine({ status: 403 });
    const unprocessable = engine({ status: 422 });
    const limited = engine({ status: 429, headers: { "retry-after": "3600" } });
    const { app } = indexNowApp([ok.url, forbidden.url, unprocessable.url, limited.url]);
    const response = await trigger(app);
    expect(response.status).toBe(207);
    const report = await response.json();
    expect(report.outcome).toBe("partial");
    expect(report.engines.map((e: { status: number; outcome: string }) => [e.status, e.outcome])).toEqual([
      [200, "accepted"],
      [403, "rejected"],
      [422, "rejected"],
      [429, "rate_limited"],
    ]);
    expect(report.engines[1].explanation).toContain("key is not valid");
    expect(report.engines[2].explanation).toContain("URLs not on the host");
    expect(report.engines[3].retryAfter).toBe("3600");
  });

  it("answers 502 when no engine accepts", async () => {
    const { app } = indexNowApp([refusedUrl(), engine({ status: 403 }).url]);
    const response = await trigger(app);
    expect(response.status).toBe(502);
    const report = await response.json();
    expect(report.outcome).toBe("failed");
    expect(report.engines.map((e: { outcome: string }) => e.outcome)).toEqual(["error", "rejected"]);
  });

  it("succeeds on the retry after an engine's 500", async () => {
    const flaky = engine({ status: 500 }, { status: 200 });
    const { app } = indexNowApp([flaky.url]);
    const response = await trigger(app);
    expect(response.status).toBe(200);
    expect((await response.json()).engines[0]).toMatchObject({ status: 200, attempts: 2 });
    expect(flaky.received).toHaveLength(2);
  });

  it("answers within the timeout when one engine hangs, and the other still succeeds", async () => {
    const slow = engine({ status: 200, delayMs: 5000 });
    const fast = engine({ status: 202 });
    const { app } = indexNowApp([slow.url, fast.url]);
    const started = performance.now();
    const response = await trigger(app);
    expect(performance.now() - started).toBeLessThan(900);
    expect(response.status).toBe(207);
    const report = await response.json();
    expect(report.engines[0]).toMatchObject({ outcome: "timeout", status: null });
    expect(report.engines[1]).toMatchObject({ outcome: "accepted", status: 202 });
  });

  it("logs one structured line per submission with engines, statuses and duration", async () => {
    const { app, events } = indexNowApp([engine({ status: 202 }).url, engine({ status: 403 }).url]);
    await trigger(app);
    expect(events).toHaveLength(1);
    expect(events[0]?.name).toBe("indexnow.submission");
    expect(events[0]?.fields).toMatchObject({
      outcome: "partial",
      urls: sitePages(sample, routeTableOf(), SITE_URL).length,
      engines: [
        { status: 202, outcome: "accepted", attempts: 1 },
        { status: 403, outcome: "rejected", attempts: 1 },
      ],
    });
    expect(typeof events[0]?.fields.durationMs).toBe("number");
  });

  describe("once per release", () => {
    it("a later trigger for the same release submits nothing and answers 200 with its report, already sent", async () => {
      const bing = engine({ status: 200 });
      const yandex = engine({ status: 403 });
      const { app, events } = indexNowApp([bing.url, yandex.url], { INDEXNOW_COOLDOWN_SECONDS: "300" });
      const first = await trigger(app, as.pythonRequests);
      expect(first.status).toBe(207);
      const sent = await first.json();
      const again = await trigger(app, as.pythonRequests);
      expect(again.status).toBe(200);
      const report = await again.json();
      expect(report).toEqual({ ...sent, alreadySent: true, durationMs: 0 });
      expect(sent).toMatchObject({ alreadySent: false, outcome: "partial" });
      expect(report.release).toMatch(/^\d+\.\d+\.\d+\+\w+\.[0-9a-f]{12}$/);
      expect(report.engines.map(({ retryable }: { retryable: boolean }) => retryable)).toEqual([
        false,
        false,
      ]);
      expect([bing.received.length, yandex.received.length]).toEqual([1, 1]);
      expect(events).toHaveLength(1);
    });

    it("sends the release again only to an engine that has not answered for good, no sooner than the cooldown", async () => {
      const bing = engine({ status: 200 });
      const yandex = engine({ status: 500 }, { status: 500 }, { status: 202 });
      let now = FIXED_NOW.getTime();
      const { app } = indexNowApp([bing.url, yandex.url], { INDEXNOW_COOLDOWN_SECONDS: "300" }, () => now);
      const first = await (await trigger(app, as.pythonRequests)).json();
      expect(
        first.engines.map(({ outcome, retryable }: { outcome: string; retryable: boolean }) => [
          outcome,
          retryable,
        ]),
      ).toEqual([
        ["accepted", false],
        ["error", true],
      ]);
      now += 100_500;
      const refused = await trigger(app);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("200");
      expect((await refused.json()).error).toMatchObject({
        status: 429,
        code: "rate_limited",
        retryAfterSeconds: 200,
        lastSubmissionAt: FIXED_NOW.toISOString(),
      });
      now += 200_000;
      const retried = await trigger(app, as.pythonRequests);
      expect(retried.status).toBe(200);
      const report = await retried.json();
      expect(report).toMatchObject({
        outcome: "accepted",
        alreadySent: false,
        submittedAt: FIXED_NOW.toISOString(),
      });
      expect(report.engines.map(({ submittedAt }: { submittedAt: string }) => submittedAt)).toEqual([
        FIXED_NOW.toISOString(),
        new Date(now).toISOString(),
      ]);
      expect([bing.received.length, yandex.received.length]).toEqual([1, 3]);
    });

    it("without a cooldown (0), sends to a waiting engine again at once", async () => {
      const flaky = engine({ status: 429 }, { status: 200 });
      const { app } = indexNowApp([flaky.url]);
      expect((await trigger(app)).status).toBe(502);
      expect((await trigger(app)).status).toBe(200);
      expect((await trigger(app)).status).toBe(200);
      expect(flaky.received).toHaveLength(2);
    });
  });

  it("coalesces concurrent triggers into one upstream submission", async () => {
    const bing = engine({ status: 200, delayMs: 100 });
    const { app } = indexNowApp([bing.url], { INDEXNOW_COOLDOWN_SECONDS: "300" });
    const [first, second] = await Promise.all([trigger(app), trigger(app)]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect(bing.received).toHaveLength(1);
    const reports = [await first?.json(), await second?.json()];
    expect(reports.map((r) => r.coalesced).sort()).toEqual([false, true]);
    expect(reports[0].submittedAt).toBe(reports[1].submittedAt);
  });

  describe("when not configured", () => {
    it("answers 503 naming INDEXNOW_KEY when no key is set, and contacts nobody", async () => {
      const bing = engine({ status: 200 });
      const { app } = indexNowApp([bing.url], { INDEXNOW_KEY: "" });
      const response = await trigger(app);
      expect(response.status).toBe(503);
      const { error } = await response.json();
      expect(error.code).toBe("not_configured");
      expect(error.message).toContain("set INDEXNOW_KEY");
      expect(bing.received).toHaveLength(0);
    });

    it.each([
      ["http://localhost:3000", "loopback"],
      ["http://127.0.0.1:8080", "bare IP"],
      ["http://[::1]:8080", "bare IP"],
      ["http://intranet", "single-label"],
    ])("answers 503 when SITE_URL is %s (%s), and contacts nobody", async (siteUrl, reason) => {
      const bing = engine({ status: 200 });
      const { app } = indexNowApp([bing.url], { SITE_URL: siteUrl });
      const response = await trigger(app);
      expect(response.status).toBe(503);
      const { error } = await response.json();
      expect(error.message).toContain(reason);
      expect(error.message).toContain("Set SITE_URL");
      expect(bing.received).toHaveLength(0);
    });
  });

  it("answers GET with 405 and Allow: POST", async () => {
    const { app } = indexNowApp([engine({ status: 200 }).url]);
    const response = await send(app, PATH, as.curl);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")?.split(", ")).toContain("POST");
    expect(response.headers.get("allow")).not.toContain("GET");
    expect((await response.json()).error.code).toBe("method_not_allowed");
  });

  it.each([
    ["a declared length", { "content-length": "5000" }, "x".repeat(5000)],
    ["no declared length", {}, "x".repeat(5000)],
  ])(
    "answers 413 in the envelope for a body over the limit (%s), reaching no engine",
    async (_, headers, body) => {
      const bing = engine({ status: 200 });
      const { app } = indexNowApp([bing.url]);
      const response = await send(app, PATH, { ...as.curl, ...headers }, { method: "POST", body });
      expect(response.status).toBe(413);
      expect((await response.json()).error.code).toBe("payload_too_large");
      expect(bing.received).toHaveLength(0);
    },
  );

  it("accepts a small body (an empty JSON object) as a trigger", async () => {
    const bing = engine({ status: 200 });
    const { app } = indexNowApp([bing.url]);
    const response = await send(
      app,
      PATH,
      { "content-type": "application/json" },
      { method: "POST", body: "{}" },
    );
    expect(response.status).toBe(200);
  });
});

describe("GET /<key>.txt, the key file", () => {
  it("answers 200 text/plain whose body is exactly the key", async () => {
    const { app } = indexNowApp([]);
    const response = await send(app, `/${KEY}.txt`, as.browser);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(KEY);
  });

  it.each(["/other-guess.txt", `/${KEY}x.txt`, "/people.txt", `/${KEY.toUpperCase()}.txt`])(
    "answers 404 in the envelope for another .txt guess: %s",
    async (path) => {
      const { app } = indexNowApp([]);
      const response = await send(app, path, as.curl);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    },
  );

  it("leaves the site's own .txt files theirs: each is its route's, not a key", async () => {
    const { app } = indexNowApp([]);
    for (const path of GET_PATHS.filter((path) => path.endsWith(".txt"))) {
      const response = await send(app, path, as.curl);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(await response.text()).not.toContain(KEY);
    }
  });

  it("is not served at all when no key is configured", async () => {
    const { app } = indexNowApp([], { INDEXNOW_KEY: "" });
    expect((await send(app, `/${KEY}.txt`, as.curl)).status).toBe(404);
  });
});

describe("the OpenAPI document", () => {
  it("documents every status of POST /api/ping-indexnow", async () => {
    const { app } = indexNowApp([]);
    const doc = await (await send(app, "/api/docs/json")).json();
    const responses = doc.paths[PATH].post.responses;
    expect(Object.keys(responses).sort()).toEqual([
      "200",
      "207",
      "400",
      "408",
      "413",
      "421",
      "429",
      "500",
      "502",
      "503",
      "504",
    ]);
    expect(responses["429"].headers["Retry-After"]).toBeDefined();
    expect(
      responses["200"].content["application/json; charset=utf-8"].schema.properties.engines,
    ).toBeDefined();
  });
});
