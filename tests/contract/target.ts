/**
 * The contract suite's targets: real server processes, started with the very command a
 * user runs, one per fixture owner (`tests/support/owners.ts`, named by `CONTENT_DIR`). By
 * default `bun run start` in this checkout; `.ci/run` also points it at the executable
 * alone in an empty folder and at `deno task start`:
 *
 *   CONTRACT_COMMAND="./site" CONTRACT_CWD=/tmp/alone CONTRACT_PATH=/nonexistent bun test tests/contract
 *
 * Every target must answer byte for byte what the in-process reference app answers for
 * the same owner, so a difference between runtimes, or one that only shows for one
 * owner, fails.
 */
import { afterAll, beforeAll } from "bun:test";
import { join } from "node:path";
import type { App } from "../../lib/app/app.ts";
import type { Content } from "../../lib/content/site-content.ts";
import { type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { getPaths, profilePath, SITE_URL, testApp } from "../support/app.ts";
import { NO_GITHUB } from "../support/loopback-only.ts";
import { OWNERS, type Owner, ownerContent, ownerDir, ownerFiles } from "../support/owners.ts";

/**
 * The fixture owners, and the origin every target is started with: the in-process app's,
 * which the paths are built from.
 */
export { OWNERS, type Owner, SITE_URL };

const COMMAND = (process.env.CONTRACT_COMMAND ?? "bun run start").split(" ");
const CWD = process.env.CONTRACT_CWD ?? join(import.meta.dir, "..", "..");
/** Only PATH and HOME are passed on, as to a service: nothing else of this shell leaks in. */
const BASE_ENV = { PATH: process.env.CONTRACT_PATH ?? process.env.PATH, HOME: process.env.HOME };

/** Starts the target for `owner` with `SITE_URL` and `env` set; the caller stops it. */
export function startTarget(
  owner: Owner,
  env: Readonly<Record<string, string>> = {},
): Promise<ServerProcess> {
  return startServerProcess(COMMAND, {
    cwd: CWD,
    baseEnv: BASE_ENV,
    // GitHub is a port where nothing listens, unless a test names a stand-in.
    env: { SITE_URL, CONTENT_DIR: ownerDir(owner), GITHUB_API_URL: NO_GITHUB, ...env },
  });
}

/**
 * `fetch` would otherwise ask for every coding it knows and decode the answer; the
 * contract compares what was sent, so a request names its coding, identity by default.
 */
const IDENTITY = { "accept-encoding": "identity" };

/** One owner's side of the contract: their content, the target serving it, and the reference. */
export interface OwnerContract {
  readonly owner: Owner;
  readonly content: Content;
  /** Every GET endpoint the product promises, for this owner. */
  readonly paths: readonly string[];
  /** The structured profile's path, after the owner's handle. */
  readonly profilePath: string;
  /** Sends a request to the target over HTTP; the body arrives as the target encoded it. */
  remote(path: string, headers?: Record<string, string>, init?: RequestInit): Promise<Response>;
  /** Sends the same request to the in-process reference app, with the real clock. */
  local(path: string, headers?: Record<string, string>, init?: RequestInit): Promise<Response>;
}

const references = new Map<Owner, App>();

function referenceFor(owner: Owner): App {
  let app = references.get(owner);
  if (!app) {
    app = testApp({ clock: Date.now, files: ownerFiles(owner) });
    references.set(owner, app);
  }
  return app;
}

/**
 * Call once at the top of each contract test file: starts a target per owner (every
 * fixture owner unless told) before its tests, stops them after. Returns each owner's side
 * of the contract.
 */
export function useTargets(owners: readonly Owner[] = OWNERS): (owner: Owner) => OwnerContract {
  const targets = new Map<Owner, ServerProcess>();
  beforeAll(async () => {
    for (const owner of owners) targets.set(owner, await startTarget(owner));
  });
  afterAll(async () => {
    for (const target of targets.values()) await target.stop();
  });

  function contractOf(owner: Owner): OwnerContract {
    const content = ownerContent(owner, SITE_URL);
    return {
      owner,
      content,
      paths: getPaths(content),
      profilePath: profilePath(content),
      remote(path, headers = {}, init = {}) {
        const target = targets.get(owner);
        if (!target) throw new Error(`no target for ${owner}: call useTargets() in the test file`);
        return fetch(`${target.url}${path}`, {
          ...init,
          headers: { ...IDENTITY, ...headers },
          redirect: "manual",
          decompress: false,
        });
      },
      local(path, headers = {}, init = {}) {
        return referenceFor(owner).handle(
          new Request(`http://localhost${path}`, { ...init, headers: { ...IDENTITY, ...headers } }),
        );
      },
    };
  }
  return contractOf;
}

/** The headers a response's contract covers; `date`, ids and transport ones excluded. */
export const CONTRACT_HEADERS = [
  "content-type",
  "cache-control",
  "etag",
  "vary",
  "content-encoding",
  "allow",
  "retry-after",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "cross-origin-resource-policy",
  "x-clacks-overhead",
] as const;

/** Status, contract headers and body, for comparing two responses in one `toEqual`. */
export async function snapshot(response: Response) {
  const headers: Record<string, string | null> = {};
  for (const name of CONTRACT_HEADERS) headers[name] = response.headers.get(name);
  return { status: response.status, headers, body: await response.text() };
}
