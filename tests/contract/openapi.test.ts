/**
 * Contract: every real answer keeps to the OpenAPI document the server publishes, as an
 * independent validator (Stoplight's Prism) judges it: every documented operation, for
 * programs, browsers and terminals, with and without the switches of text answers,
 * refused for a switch's bad value, revalidated,
 * and every status the IndexNow trigger can give. Runs against
 * each target `.ci/run` names (Bun from source, the executable, Deno).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { declaredRoutes } from "../../lib/site/site.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import type { ServerProcess } from "../../scripts/loopback.ts";
import { as, getPaths, routePath, terminalTextPaths, testApp, withQuery } from "../support/app.ts";
import { documentedSchemaErrors } from "../support/documented-schema.ts";
import { startEngine } from "../support/engines.ts";
import { EVENTS, startGithub } from "../support/github.ts";
import { ownerContent, ownerFiles } from "../support/owners.ts";
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
  readonly documented: { paths: Record<string, Record<string, { responses: object }>> };
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
  "an assistant preferring Markdown": as.assistant,
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

/** A path as the document writes it: the route's, without its query. */
const documentedGet = (site: Checked, path: string) => site.documented.paths[routePath(path)]?.get;

/** Each owner's routes whose answer to a terminal is text drawn for it. */
const TEXT_PATHS = new Map<Owner, string[]>();
for (const owner of OWNERS) {
  TEXT_PATHS.set(
    owner,
    await terminalTextPaths(testApp({ files: ownerFiles(owner) }), ownerContent(owner, SITE_URL)),
  );
}

describe.each(OWNERS)("every GET operation of %s's site", (owner) => {
  const content = ownerContent(owner, SITE_URL);
  const GET_PATHS = getPaths(content);
  let site: Checked;
  /** The routes whose document says they answer a revalidation with 304: each with an ETag. */
  let revalidated: string[];
  beforeAll(async () => {
    site = await checkedTarget(owner);
    revalidated = GET_PATHS.filter((path) => "304" in (documentedGet(site, path)?.responses ?? {}));
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

  test.each(TEXT_PATHS.get(owner) ?? [])(
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

  test.each(GET_PATHS)(
    "%s: with a 304 documented, an ETag and a revalidation as documented; else neither",
    async (path) => {
      const { etag } = await judged(site, path, { headers: as.curl });
      if (!revalidated.includes(path)) {
        expect({ path, etag }).toEqual({ path, etag: null });
        return;
      }
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await judged(site, path, { headers: { ...as.curl, "if-none-match": etag ?? "" } });
      expect(again).toEqual({ status: 304, etag, violations: [] });
    },
  );

  test("the docs themselves are not operations: the document lists the route files' paths", () => {
    // A route this owner has nothing at (no DID) is still documented: its 404 is.
    const declared = new Set(declaredRoutes(routes, content.profile.handle).map(({ path }) => path));
    expect(Object.keys(site.documented.paths).sort()).toEqual([...declared].sort());
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
    // The health check names the source once it has read it.
    const read = async () =>
      (await (await fetch(`${live.server.url}/api/ping`, { headers: HEALTH })).json()).status === "pass";
    for (let tries = 0; !(await read()); tries++) {
      if (tries === 250) throw new Error("the target read no activity from the stand-in GitHub in 5 s");
      await Bun.sleep(20);
    }
  });

  test("every GET route with the activity read, for every client", async () => {
    for (const path of getPaths(ownerContent("rin", SITE_URL))) {
      for (const [client, headers] of Object.entries(CLIENTS)) {
        const answer = await judged(live, path, { headers });
        expect({ path, client, status: answer.status, violations: answer.violations }).toEqual({
          path,
          client,
          status: 200,
          violations: [],
        });
      }
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
