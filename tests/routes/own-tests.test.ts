/**
 * Removing a route is deleting its route file, the content only it reads and its own
 * tests, then `bun run routes:gen` (docs/architecture.md). So its tests live in files
 * named after it (`tests/routes/api/roast.test.ts` and `roast.*.test.ts` for
 * `routes/api/roast.ts`; `well-known/` for `.well-known/`), and no other test names its
 * path: a test that spans the API walks the route table instead. And nothing else of the
 * site needs it: without it, the site is built and answers every other route, and no answer
 * names it: no GET's in any representation, and nothing the MCP server lists or finds. The
 * routes every site keeps (the root, the heartbeat, the IndexNow trigger) are named anywhere.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { servedPath } from "../../lib/http/route.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { as, getPaths, routePath, routeTableOf, sample, send, testApp } from "../support/app.ts";
import { OWNERS } from "../support/owners.ts";

/** The routes the release pipeline, the monitors and the front door rely on. */
const KEPT = new Set(["/", "/api/ping", "/api/ping-indexnow"]);

const TESTS = join(import.meta.dir, "..");
const testFiles = readdirSync(TESTS, { recursive: true, encoding: "utf8" }).filter((file) =>
  file.endsWith(".ts"),
);

/** A route's own test files: under tests/routes/, named after its file. */
const ownTestsOf = (path: string) => `routes${path.replace("/.well-known/", "/well-known/")}`;

/** A route's path as a test would write it: the handle's route at each fixture owner's handle. */
function writtenPaths(path: string): string[] {
  if (!path.includes("{handle}")) return [path];
  return OWNERS.map((owner) => path.replace("{handle}", owner));
}

/**
 * The path as a test writes it in a string, alone or after an origin (`${SITE_URL}/api/example`),
 * and ended by the string, a query or more of a template.
 */
const asked = (path: string) => new RegExp(`["'\`}]${RegExp.escape(path)}(?=["'\`?#]|\\$\\{)`);

test.each(routes.filter(([path]) => !KEPT.has(path)).map(([path]) => path))(
  "%s is named only by its own tests",
  (path) => {
    const own = ownTestsOf(path);
    const naming = testFiles.filter((file) => {
      if (file.startsWith(`${own}.`)) return false;
      const text = readFileSync(join(TESTS, file), "utf8");
      return writtenPaths(path).some((written) => asked(written).test(text));
    });
    expect({ path, naming }).toEqual({ path, naming: [] });
  },
);

test.each(routes.filter(([path]) => !KEPT.has(path)).map(([path]) => path))(
  "without %s, the site is built and answers every other route",
  async (removed) => {
    const app = testApp({ routes: routes.filter(([path]) => path !== removed) });
    for (const path of getPaths(sample).filter((path) => routePath(path) !== servedPath(removed, "rin"))) {
      const { status } = await send(app, path, as.curl);
      expect({ path, status }).toEqual({ path, status: 200 });
    }
  },
);

/** Every representation a GET path is asked in, as a program, a terminal and a browser ask for it. */
const CLIENTS = [as.pythonRequests, as.curl, as.browser, as.curlAskingForJson];

/**
 * What a JSON-RPC client asks of a POST route (the MCP server): its tools and resources,
 * and a search for the owner's name and for their /now, whose passages each name their page.
 */
const JSON_RPC_ASKED = [
  { method: "tools/list" },
  { method: "resources/list" },
  ...[sample.profile.name, sample.now.status].map((said) => ({
    method: "tools/call",
    params: { name: "search", arguments: { query: said.split(" ")[0], limit: 20 } },
  })),
].map((message, id) => JSON.stringify({ jsonrpc: "2.0", id, ...message }));
const JSON_RPC_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

test.each(routes.filter(([path]) => !KEPT.has(path)).map(([path]) => path))(
  "without %s, no answer of the site names it",
  async (removed) => {
    const app = testApp({ routes: routes.filter(([path]) => path !== removed) });
    const named = servedPath(removed, "rin");
    const naming: string[] = [];
    const others = getPaths(sample).filter((path) => routePath(path) !== named);
    const names = (body: string) => new RegExp(`${RegExp.escape(named)}(?![\\w/.-])`).test(body);
    for (const path of [...others, "/api/docs/json"]) {
      for (const headers of CLIENTS) {
        if (names(await (await send(app, path, headers)).text())) naming.push(path);
      }
    }
    const posted = routeTableOf().filter(
      ({ method, path }) => method === "POST" && !KEPT.has(path) && path !== named,
    );
    for (const { path } of posted) {
      for (const body of JSON_RPC_ASKED) {
        const answer = await send(app, path, JSON_RPC_HEADERS, { method: "POST", body });
        expect({ path, body, status: answer.status }).toEqual({ path, body, status: 200 });
        if (names(await answer.text())) naming.push(`POST ${path} ${JSON.parse(body).method}`);
      }
    }
    expect({ removed, naming: [...new Set(naming)] }).toEqual({ removed, naming: [] });
  },
);
