/**
 * The release pipeline, end to end, on loopback: the deploy workflow's own steps (read from
 * `.github/workflows/deploy.yml` and run as GitHub runs them, `bash -eo pipefail`) against
 * real servers behind stand-ins for Fly's proxy, DNS and `flyctl`, and stand-in engines,
 * with a stranger's triggers before, between and after them. On one machine and on three,
 * the steps always exit 0 and each engine gets exactly one submission per release. Before
 * them, the step that reads the site's URL stops the job on fly.toml's placeholder; and a
 * site with no IndexNow key keeps the run green, its notify step saying it skipped.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { PLACEHOLDER_URL } from "../../scripts/site-url.ts";
import { type FakeEngine, startEngine } from "../support/engines.ts";
import { type FlyDns, type FlyProxy, startFlyDns, startFlyProxy } from "../support/fly.ts";
import { copyProject } from "../support/project-copy.ts";
import { runCommand } from "../support/run.ts";
import { startServer } from "../support/server.ts";

const ROOT = join(import.meta.dir, "..", "..");
const APP = "site-release-test";

interface Step {
  readonly name?: string;
  readonly run?: string;
  readonly env?: Record<string, string>;
}
const deploySteps: Step[] = parseYaml(readFileSync(join(ROOT, ".github/workflows/deploy.yml"), "utf8")).jobs
  .deploy.steps;
const stepNamed = (name: string): Step => {
  const step = deploySteps.find((candidate) => candidate.name === name);
  if (!step?.run) throw new Error(`deploy.yml has no step "${name}" that runs a command`);
  return step;
};
const READ_URL = stepNamed("Read the site's URL from fly.toml");
const WAIT = stepNamed("Wait until every started machine answers with the new release");
const NOTIFY = stepNamed("Tell IndexNow the site changed");

/** `flyctl machines list --json`, as Fly's CLI prints it, from the list the test writes. */
const bin = mkdtempSync(join(tmpdir(), "site-release-bin-"));
const machinesFile = join(bin, "machines.json");
writeFileSync(
  join(bin, "flyctl"),
  `#!/usr/bin/env bash\n[ "$*" = "machines list --json" ] || { echo "flyctl stand-in: $*" >&2; exit 2; }\ncat ${machinesFile}\n`,
);
chmodSync(join(bin, "flyctl"), 0o755);

/** Runs a workflow step as GitHub's runner would: its expressions filled in, in bash. */
async function runStep(step: Step, sha: string, siteUrl: string) {
  const fill = (text: string) =>
    text
      .replace(/\$\{\{ github\.sha \}\}/g, sha)
      .replace(/\$\{\{ secrets\.FLY_API_TOKEN \}\}/g, "stand-in-token");
  const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, fill(value)]));
  return runCommand(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", fill(step.run ?? "")], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      // What the workflow's earlier step put in GITHUB_ENV: the site's URL, here the proxy's.
      SITE_URL: siteUrl,
      PATH: `${bin}:${process.env.PATH}`,
      RELEASE_WAIT_POLL_MS: "50",
    },
  });
}

/** A commit of 40 hex digits, different for each release. */
const commit = (n: number) => n.toString(16).padStart(2, "0").repeat(20);

interface Fleet {
  readonly proxy: FlyProxy;
  /** Starts every machine on `sha`, replacing those on the release before (a deploy). */
  deploy(sha: string): Promise<void>;
  stop(): Promise<void>;
}

async function fleetOf(size: number, dns: FlyDns, engines: readonly FakeEngine[]): Promise<Fleet> {
  const machines = Array.from({ length: size }, (_, i) => ({
    id: `0${i}a1b2c3d4e5f6${i}`,
    region: i === size - 1 && size > 1 ? "iad" : "ams",
  }));
  dns.setMachines(machines);
  writeFileSync(
    machinesFile,
    JSON.stringify(machines.map(({ id, region }) => ({ id, region, state: "started" }))),
  );
  // Each machine's own URL, filled in by each deploy; the proxy reads it per request.
  const urls = new Map(machines.map(({ id }) => [id, ""]));
  let running: ServerProcess[] = [];
  const fleet: Fleet = {
    proxy: undefined as unknown as FlyProxy,
    async deploy(sha) {
      await Promise.all(running.map((server) => server.stop()));
      running = [];
      for (const { id, region } of machines) {
        // The commit baked in as `bun run build` bakes it (`--define`), from source.
        const server = await startServerProcess(
          ["bun", "--define", `BUILD_COMMIT="${sha.slice(0, 12)}"`, "server.ts"],
          {
            cwd: ROOT,
            env: {
              SITE_URL: "https://site.example",
              INDEXNOW_KEY: "release-test-key",
              INDEXNOW_ENDPOINTS: engines.map(({ url }) => url).join(","),
              FLY_APP_NAME: APP,
              FLY_MACHINE_ID: id,
              FLY_REGION: region,
              PRIMARY_REGION: "ams",
              FLY_INTERNAL_DNS: dns.address,
              FLY_PRIVATE_IP: "::1",
            },
          },
        );
        running.push(server);
        urls.set(id, server.url);
      }
    },
    stop: async () => {
      fleet.proxy.stop();
      await Promise.all(running.map((server) => server.stop()));
    },
  };
  Object.assign(fleet, { proxy: startFlyProxy(urls) });
  return fleet;
}

const stranger = (fleet: Fleet) =>
  fetch(`${fleet.proxy.url}/api/ping-indexnow`, {
    method: "POST",
    headers: { "user-agent": "stranger-bot/1.0" },
  }).then((response) => response.status);

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(bin, { recursive: true, force: true });
});

const SCENARIOS = [
  ["before the deploy and after the notice", false],
  ["before, between and after every step", true],
] as const;

describe.each([1, 3])("a fleet of %i machine(s)", (size) => {
  test.each(SCENARIOS)(
    "with a stranger's triggers %s: every step exits 0, each engine gets one submission per release",
    async (_, everywhere) => {
      const dns = await startFlyDns(APP);
      const engines = [startEngine({ status: 200 }), startEngine({ status: 202 })];
      const fleet = await fleetOf(size, dns, engines);
      cleanups.push(
        () => fleet.stop(),
        () => dns.stop(),
        ...engines.map((engine) => () => engine.stop()),
      );
      const received = () => engines.map((engine) => engine.received.length);

      await fleet.deploy(commit(1));
      expect(await stranger(fleet)).toBe(200);
      expect(await stranger(fleet)).toBe(200);
      expect(received()).toEqual([1, 1]);

      const sha = commit(2);
      await fleet.deploy(sha);
      if (everywhere) expect(await stranger(fleet)).toBe(200);

      const wait = await runStep(WAIT, sha, fleet.proxy.url);
      expect({ step: WAIT.name, code: wait.code, stderr: wait.stderr }).toEqual({
        step: WAIT.name,
        code: 0,
        stderr: expect.any(String),
      });
      expect(
        wait.stdout.match(new RegExp(`answers with 200 1\\.0\\.0\\+${sha.slice(0, 12)}`, "g")),
      ).toHaveLength(size);
      if (everywhere) expect(await stranger(fleet)).toBe(200);

      const notify = await runStep(NOTIFY, sha, fleet.proxy.url);
      expect({ step: NOTIFY.name, code: notify.code }).toEqual({ step: NOTIFY.name, code: 0 });
      expect(notify.stdout).toContain(everywhere ? "already sent: accepted" : " sent: accepted");

      expect([await stranger(fleet), await stranger(fleet)]).toEqual([200, 200]);
      expect(received()).toEqual([2, 2]);
    },
    60_000,
  );
});

describe("the step that reads the site's URL, in a checkout with its own fly.toml", () => {
  const checkout = mkdtempSync(join(tmpdir(), "site-release-checkout-"));
  beforeAll(() => {
    // What `bun run site-url` reads: the script, its command line, package.json's scripts.
    copyProject(checkout, ["package.json", "scripts/site-url.ts", "lib/runtime/command-line.ts"]);
    cleanups.push(() => rmSync(checkout, { recursive: true, force: true }));
  });

  /** Runs the step as GitHub's runner does a `run` with no `shell`: `bash -e`, GITHUB_ENV a file. */
  async function readUrl(siteUrl: string) {
    writeFileSync(join(checkout, "fly.toml"), `app = "ada-site"\n\n[env]\n  SITE_URL = "${siteUrl}"\n`);
    const githubEnv = join(checkout, "github-env");
    writeFileSync(githubEnv, "");
    const ran = await runCommand(["bash", "--noprofile", "--norc", "-e", "-c", READ_URL.run ?? ""], {
      cwd: checkout,
      env: { ...process.env, GITHUB_ENV: githubEnv },
    });
    return { code: ran.code, githubEnv: readFileSync(githubEnv, "utf8") };
  }

  test("comes before the deploy", () => {
    const at = (step: Step) => deploySteps.indexOf(step);
    expect(at(READ_URL)).toBeLessThan(deploySteps.findIndex((step) => step.run?.includes("flyctl deploy")));
  });

  test("puts the owner's SITE_URL in the job's environment", async () => {
    expect(await readUrl("https://ada.example")).toEqual({
      code: 0,
      githubEnv: "SITE_URL=https://ada.example\n",
    });
  });

  test("fails on the placeholder fly.toml ships with, and puts nothing in the environment", async () => {
    const { code, githubEnv } = await readUrl(PLACEHOLDER_URL);
    expect({ failed: code !== 0, githubEnv }).toEqual({ failed: true, githubEnv: "" });
  });
});

test("a site with no IndexNow key: the notify step exits 0, saying it skipped", async () => {
  const engine = startEngine({ status: 200 });
  const site = await startServer({ INDEXNOW_ENDPOINTS: engine.url }, { clock: Date.now });
  cleanups.push(
    () => site.stop(),
    () => engine.stop(),
  );
  const notify = await runStep(NOTIFY, commit(3), site.url);
  expect({ code: notify.code, stdout: notify.stdout }).toEqual({
    code: 0,
    stdout: expect.stringMatching(/^IndexNow: skipped: not configured on /),
  });
  expect(engine.received).toHaveLength(0);
});
