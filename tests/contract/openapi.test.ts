/**
 * Contract: every real answer keeps to the OpenAPI document the server publishes, as an
 * independent validator (Stoplight's Prism) judges it: every documented operation, for
 * programs, browsers and terminals, with and without the switches of text answers,
 * refused for a switch's bad value, revalidated,
 * and every status the IndexNow trigger can give. Runs against
 * each target `.ci/run` names (Bun from source, the executable, Deno).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ServerProcess } from "../../scripts/loopback.ts";
import { as, cachedPaths, getPaths, routePath, withQuery } from "../support/app.ts";
import { documentedSchemaErrors } from "../support/documented-schema.ts";
import { startEngine } from "../support/engines.ts";
import { EVENTS, startGithub } from "../support/github.ts";
import { ownerContent } from "../support/owners.ts";
import { type Prism, startPrism, type Violation } from "../support/prism.ts";
import { headerOf, rawRequest } from "../support/server.ts";
import { OWNERS, type Owner, SITE_URL, startTarget } from "./target.ts";

const KEY = "contract-key-5f2b9c0e";
const engines = {
  accepting: startEngine({ status: 202 }),
  refusing: startEngine({ status: 403 }),
  limiting: startEngine({ status: 429 }),
};
/** A stand-in GitHub with a recent push, for the live activity in the answers. */
const github = startGithub({
  kind: "events",
  events: [EVENTS.push(new Date(Date.now() - 720_000).toISOString())],
});

/** A target with `env`, the document it publishes, and Prism in front of it. */
interface Checked {
  readonly server: ServerProcess;
  readonly prism: Prism;
  readonly documented: { paths: object };
}
const checked: Checked[] = [];

async function checkedTarget(owner: Owner, env: Record<string, string> = {}): Promise<Checked> {
  const server = await startTarget(owner, env);
  const documented = await (await fetch(`${server.url}/api/docs/json`)).json();
  const target = { server, prism: await startPrism(documented, server.url), documented };
  checked.push(target);
  return target;
}

afterAll(async () => {
  for (const { server, prism } of checked) {
    prism.stop();
    await server.stop();
  }
  for (const engine of Object.values(engines)) engine.stop();
  github.stop();
});

/** Sends a request through Prism; resolves with the answer's status and what Prism found wrong. */
async function judged(via: Checked, path: string, init: RequestInit = {}) {
  const response = await fetch(`${via.prism.url}${path}`, { redirect: "manual", ...init });
  await response.arrayBuffer();
  return {
    status: response.status,
    etag: response.headers.get("etag"),
    violations: via.prism.violationsOf(response),
  };
}

/** What Prism found wrong with the answer alone: a request off the document is some tests' point. */
const ofTheAnswer = (violations: readonly Violation[]): Violation[] =>
  violations.filter(({ location }) => location[0] === "response");

/**
 * Sends a request the document does not describe (a body no operation takes) through
 * Prism, raw; resolves with what Prism found wrong with the answer, not the request.
 */
async function judgedBadRequest(via: Checked, method: string, path: string, body: string) {
  const answer = await rawRequest(
    Number(new URL(via.prism.url).port),
    `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: curl/8.5.0\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
  );
  const violations: Violation[] = JSON.parse(headerOf(answer, "sl-violations") ?? "[]");
  return {
    status: answer.status,
    violations: ofTheAnswer(violations),
  };
}

const CLIENTS = {
  curl: as.curl,
  Wget: as.wget,
  HTTPie: as.httpie,
  PowerShell: as.powershell,
  "python-requests": as.pythonRequests,
  "a browser": as.browser,
  "curl asking for JSON": as.curlAskingForJson,
  "a browser asking for JSON": as.browserAskingForJson,
  "no User-Agent": as.noUserAgent,
};
const SWITCHES = [
  "",
  "?nocolor",
  "?T",
  "?width=60&nocolor",
  "?theme=light&truecolor",
  "?theme=dark&width=120",
  "?help",
];

describe.each(OWNERS)("every GET operation of %s's site", (owner) => {
  const content = ownerContent(owner, SITE_URL);
  const GET_PATHS = getPaths(content);
  const REVALIDATED = cachedPaths(content);
  let site: Checked;
  beforeAll(async () => {
    site = await checkedTarget(owner);
  });

  test.each(GET_PATHS)(
    "%s answers every client, with and without the colour switch, as documented",
    async (path) => {
      for (const [client, headers] of Object.entries(CLIENTS)) {
        for (const query of SWITCHES) {
          const answer = await judged(site, withQuery(path, query), { headers });
          expect({ client, query, ...answer }).toEqual({
            client,
            query,
            status: 200,
            etag: answer.etag,
            violations: [],
          });
        }
      }
    },
  );

  test.each(["/", "/api/curl", "/api/ping", "/api/vcard"])(
    "%s answers a switch with a bad value with the documented 400",
    async (path) => {
      for (const query of ["?width=9", "?width=ten", "?theme=sepia"]) {
        const answer = await judged(site, `${path}${query}`, { headers: as.curl });
        // Prism also says the request breaks the document, which is the point: only the answer is judged.
        const answerViolations = ofTheAnswer(answer.violations);
        expect({ query, status: answer.status, answerViolations }).toEqual({
          query,
          status: 400,
          answerViolations: [],
        });
      }
    },
  );

  test.each(REVALIDATED)("%s carries an ETag and answers a revalidation as documented", async (path) => {
    const { etag } = await judged(site, path, { headers: as.curl });
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const revalidated = await judged(site, path, { headers: { ...as.curl, "if-none-match": etag ?? "" } });
    expect(revalidated).toEqual({ status: 304, etag, violations: [] });
  });

  test.each(GET_PATHS.filter((path) => !REVALIDATED.includes(path)))(
    "%s, never cached, carries no ETag",
    async (path) => {
      expect(await judged(site, path, { headers: as.curl })).toMatchObject({ etag: null, violations: [] });
    },
  );

  test("the docs themselves are not operations: the document lists the route files' paths", () => {
    // The Bluesky DID's path is documented for every owner: one who has set none gets its 404.
    const routes = new Set([...GET_PATHS.map(routePath), "/.well-known/atproto-did", "/api/ping-indexnow"]);
    expect(Object.keys(site.documented.paths).sort()).toEqual([...routes].sort());
  });

  test("WebFinger answers a resource that is missing, not a URI or not the owner's with the documented 400 and 404", async () => {
    for (const [query, status] of [
      ["", 400],
      ["?resource=rin", 400],
      ["?resource=acct:nobody@elsewhere.example", 404],
      ["?resource=https://elsewhere.example/", 404],
    ] as const) {
      const answer = await judged(site, `/.well-known/webfinger${query}`, { headers: as.pythonRequests });
      const answerViolations = ofTheAnswer(answer.violations);
      expect({ query, status: answer.status, answerViolations }).toEqual({
        query,
        status,
        answerViolations: [],
      });
    }
  });

  test("the Bluesky DID is the documented 404 when the owner has set none, 200 otherwise", async () => {
    const answer = await judged(site, "/.well-known/atproto-did", { headers: as.curl });
    const status = content.profile.blueskyDid ? 200 : 404;
    expect({ status: answer.status, violations: answer.violations }).toEqual({ status, violations: [] });
  });
});

describe("the live activity, one-liners and the health format, as documented", () => {
  const HEALTH = { accept: "application/health+json" };
  /** With a source that answers, read once before the tests; and one whose source is down. */
  let live: Checked;
  let down: Checked;
  beforeAll(async () => {
    live = await checkedTarget("rin", { GITHUB_API_URL: github.url });
    down = await checkedTarget("anuradha");
    for (let tries = 0; !(await (await fetch(`${live.server.url}/api/now`)).json()).activity; tries++) {
      if (tries === 250) throw new Error("the target read no activity from the stand-in GitHub in 5 s");
      await Bun.sleep(20);
    }
  });

  test("/api/now with the activity read, for every client", async () => {
    for (const [client, headers] of Object.entries(CLIENTS)) {
      const answer = await judged(live, "/api/now", { headers });
      expect({ client, status: answer.status, violations: answer.violations }).toEqual({
        client,
        status: 200,
        violations: [],
      });
    }
  });

  test("one-liners, presets and formats, plain and in colour, for every client", async () => {
    for (const [client, headers] of Object.entries(CLIENTS)) {
      for (const query of [
        "?format=1",
        "?format=3&A",
        "?format=4&A&theme=light&truecolor",
        "?format=%25n+%25a",
      ]) {
        const answer = await judged(live, `/${query}`, { headers });
        expect({ client, query, status: answer.status, violations: answer.violations }).toEqual({
          client,
          query,
          status: 200,
          violations: [],
        });
      }
    }
  });

  test("a format with an unknown code is the documented 400", async () => {
    const answer = await judged(live, "/?format=%25x", { headers: as.curl });
    const answerViolations = ofTheAnswer(answer.violations);
    expect({ status: answer.status, answerViolations }).toEqual({ status: 400, answerViolations: [] });
  });

  // Prism reads application/health+json as application/json (stoplightio/prism#2509):
  // Ajv judges it against the schema the target publishes for it instead.
  test("application/health+json: pass with the source read, warn with it down, both 200, as documented", async () => {
    const warned = await checkedTarget("rin");
    for (const [via, status] of [
      [live, "pass"],
      [down, "pass"],
      [warned, "warn"],
    ] as const) {
      const response = await fetch(`${via.server.url}/api/ping`, { headers: { ...as.curl, ...HEALTH } });
      const body = await response.json();
      const errors = documentedSchemaErrors(
        via.documented,
        ["get", "/api/ping", "200", "application/health+json"],
        body,
      );
      expect({
        code: response.status,
        type: response.headers.get("content-type"),
        status: body.status,
        errors,
      }).toEqual({
        code: 200,
        type: "application/health+json",
        status,
        errors: [],
      });
    }
  });
});

describe("every status of POST /api/ping-indexnow", () => {
  const trigger = (via: Checked, init: RequestInit = {}) =>
    judged(via, "/api/ping-indexnow", { method: "POST", headers: as.pythonRequests, ...init });

  test("503 without a key", async () => {
    expect(await trigger(await checkedTarget("rin"))).toMatchObject({ status: 503, violations: [] });
  });

  test("200 when every engine accepts, then 200 with the report already sent", async () => {
    const site = await checkedTarget("rin", { INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINTS: engines.accepting.url });
    expect(await trigger(site)).toMatchObject({ status: 200, violations: [] });
    expect(await trigger(site)).toMatchObject({ status: 200, violations: [] });
  });

  test("207 when some engines accept, then 429 while one still waits inside the cooldown; 502 when none accepts", async () => {
    const some = await checkedTarget("rin", {
      INDEXNOW_KEY: KEY,
      INDEXNOW_ENDPOINTS: `${engines.accepting.url},${engines.limiting.url}`,
    });
    expect(await trigger(some)).toMatchObject({ status: 207, violations: [] });
    expect(await trigger(some)).toMatchObject({ status: 429, violations: [] });
    const none = await checkedTarget("rin", { INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINTS: engines.refusing.url });
    expect(await trigger(none)).toMatchObject({ status: 502, violations: [] });
  });

  // Prism answers a GET with a body itself (501), so the 413 envelope, which every
  // operation documents alike, is judged here.
  test("413 for a body over its limit", async () => {
    const site = await checkedTarget("rin", { INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINTS: engines.accepting.url });
    expect(await judgedBadRequest(site, "POST", "/api/ping-indexnow", "x".repeat(2048))).toEqual({
      status: 413,
      violations: [],
    });
  });
});
