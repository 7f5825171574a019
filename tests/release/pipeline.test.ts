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
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { type ServerProcess, startServerProcess } from "../../scripts/loopback.ts";
import { PLACEHOLDER_URL } from "../../scripts/site-url.ts";
import { HANDLE, PASSWORD, startBluesky } from "../support/bluesky.ts";
import { type FakeEngine, startEngine } from "../support/engines.ts";
import { type FlyDns, type FlyProxy, startFlyDns, startFlyProxy } from "../support/fly.ts";
import { startMastodon, TOKEN } from "../support/mastodon.ts";
import { ownerDir } from "../support/owners.ts";
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
const POST = stepNamed("Post the latest /now update to Bluesky and Mastodon");
const KEEP = stepNamed("Keep where it was posted, and deploy that");

/** `flyctl machines list --json`, as Fly's CLI prints it, from the list the test writes. */
const bin = mkdtempSync(join(tmpdir(), "site-release-bin-"));
const machinesFile = join(bin, "machines.json");
writeFileSync(
  join(bin, "flyctl"),
  `#!/usr/bin/env bash\n[ "$*" = "machines list --json" ] || { echo "flyctl stand-in: $*" >&2; exit 2; }\ncat ${machinesFile}\n`,
);
chmodSync(join(bin, "flyctl"), 0o755);

/** What a step runs with beside the workflow's own: the repository's secrets (unset is ""), where, and more of the environment. */
interface StepContext {
  readonly secrets?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly bin?: string;
}

/** Runs a workflow step as GitHub's runner would: its expressions filled in, in bash. */
async function runStep(step: Step, sha: string, siteUrl: string, context: StepContext = {}) {
  const secrets: Record<string, string> = { FLY_API_TOKEN: "stand-in-token", ...context.secrets };
  const fill = (text: string) =>
    text
      .replace(/\$\{\{ github\.sha \}\}/g, sha)
      .replace(/\$\{\{ github\.ref_name \}\}/g, "main")
      .replace(/\$\{\{ secrets\.(\w+) \}\}/g, (_, name: string) => secrets[name] ?? "");
  const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, fill(value)]));
  return runCommand(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", fill(step.run ?? "")], {
    cwd: context.cwd ?? ROOT,
    env: {
      ...process.env,
      ...env,
      // What the workflow's earlier step put in GITHUB_ENV: the site's URL, here the proxy's.
      SITE_URL: siteUrl,
      PATH: `${context.bin ?? bin}:${process.env.PATH}`,
      RELEASE_WAIT_POLL_MS: "50",
      ...context.env,
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
    // What `bun run site-url` reads: the script, its command line, the server's rule for
    // SITE_URL (lib/runtime/config.ts and what it imports), package.json's scripts.
    copyProject(checkout, [
      "package.json",
      "scripts/site-url.ts",
      "lib/runtime/command-line.ts",
      "lib/runtime/config.ts",
      "lib/runtime/env.ts",
      "lib/runtime/fly.ts",
    ]);
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

describe("the steps that post the latest /now update, and keep where it was posted", () => {
  const bluesky = startBluesky();
  const mastodon = startMastodon();
  cleanups.push(
    () => bluesky.stop(),
    () => mastodon.stop(),
  );
  const SECRETS = {
    BLUESKY_HANDLE: HANDLE,
    BLUESKY_APP_PASSWORD: PASSWORD,
    BLUESKY_SERVICE: bluesky.url,
    MASTODON_URL: mastodon.url,
    MASTODON_TOKEN: TOKEN,
  };
  const UPDATE = {
    id: "urn:uuid:0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    at: "2026-11-28T10:00:00Z",
    text: "Status: Shipping",
  };

  /** A content folder of the sample owner's whose latest update is `UPDATE`, posted nowhere yet. */
  function contentWithUpdate(): string {
    const dir = mkdtempSync(join(tmpdir(), "site-release-content-"));
    cpSync(ownerDir("rin"), dir, { recursive: true });
    writeFileSync(join(dir, "now-history.json"), JSON.stringify([UPDATE]));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  test("come after the deploy and the notice, post before keeping", () => {
    const at = (step: Step) => deploySteps.indexOf(step);
    expect(at(NOTIFY)).toBeLessThan(at(POST));
    expect(at(POST)).toBeLessThan(at(KEEP));
  });

  test("post exits 0, posts once to each account, and says so in a line each; retried, posts nothing again", async () => {
    const dir = contentWithUpdate();
    const context = { secrets: SECRETS, env: { CONTENT_DIR: dir } };
    const first = await runStep(POST, commit(4), "https://rin.example", context);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Bluesky: posted: https:\/\/bsky\.app\/profile\/\S+\nMastodon: posted: http\S+\nKept in /,
    );
    const history = JSON.parse(readFileSync(join(dir, "now-history.json"), "utf8"));
    expect(history[0].posts.map(({ service }: { service: string }) => service)).toEqual([
      "bluesky",
      "mastodon",
    ]);
    // The history not kept (the keep step failed, say): the retry finds both posts.
    writeFileSync(join(dir, "now-history.json"), JSON.stringify([UPDATE]));
    const statuses = mastodon.posted.size;
    const retried = await runStep(POST, commit(4), "https://rin.example", context);
    expect(retried.code).toBe(0);
    expect(retried.stdout).toMatch(/^Bluesky: already posted: \S+\nMastodon: already posted: \S+\n/);
    expect([bluesky.records.size, mastodon.posted.size]).toEqual([1, statuses]);
  });

  test("post exits 0 with no account set, and with one failing, never printing a credential", async () => {
    const none = await runStep(POST, commit(5), "https://rin.example", {
      env: { CONTENT_DIR: contentWithUpdate() },
    });
    expect({ code: none.code, stdout: none.stdout }).toEqual({
      code: 0,
      stdout:
        "Bluesky: skipped: BLUESKY_HANDLE and BLUESKY_APP_PASSWORD are not set\n" +
        "Mastodon: skipped: MASTODON_URL and MASTODON_TOKEN are not set\n",
    });
    // Accounts that never had this update.
    mastodon.reset();
    bluesky.records.clear();
    mastodon.misbehave("post", { kind: "status", status: 503 });
    try {
      const failing = await runStep(POST, commit(5), "https://rin.example", {
        secrets: { ...SECRETS, BLUESKY_APP_PASSWORD: "zzzz-zzzz-zzzz-zzzz" },
        env: { CONTENT_DIR: contentWithUpdate() },
      });
      expect(failing.code).toBe(0);
      expect(failing.stdout).toContain("Bluesky: not posted: createSession: answered 401");
      expect(failing.stdout).toContain("Mastodon: not posted: POST /api/v1/statuses: answered 503");
      for (const secret of ["zzzz-zzzz-zzzz-zzzz", TOKEN])
        expect(failing.stdout + failing.stderr).not.toContain(secret);
    } finally {
      mastodon.misbehave("post", undefined);
    }
  });

  /** A checkout of a repository with an origin, its history changed as the post step changes it, and a flyctl that records. */
  function checkoutWithPosts(changed: boolean) {
    const root = mkdtempSync(join(tmpdir(), "site-release-keep-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const [origin, work, tools] = ["origin.git", "work", "bin"].map((name) => join(root, name)) as [
      string,
      string,
      string,
    ];
    const git = (cwd: string, ...args: string[]) =>
      Bun.spawnSync(["git", "-c", "user.name=Owner", "-c", "user.email=owner@example.com", ...args], { cwd });
    Bun.spawnSync(["git", "init", "--quiet", "--bare", "--initial-branch=main", origin]);
    Bun.spawnSync(["git", "clone", "--quiet", origin, work]);
    mkdirSync(join(work, "content"));
    writeFileSync(join(work, "content", "now-history.json"), JSON.stringify([UPDATE]));
    git(work, "add", ".");
    git(work, "commit", "--quiet", "--message", "/now: Status: Shipping");
    git(work, "push", "--quiet", "origin", "HEAD:main");
    if (changed) {
      const posts = [{ service: "mastodon", url: "https://mastodon.example/@rin/1", id: "1" }];
      writeFileSync(join(work, "content", "now-history.json"), JSON.stringify([{ ...UPDATE, posts }]));
    }
    mkdirSync(tools);
    const calls = join(root, "flyctl-calls");
    writeFileSync(join(tools, "flyctl"), `#!/usr/bin/env bash\necho "$*" >> ${calls}\n`);
    chmodSync(join(tools, "flyctl"), 0o755);
    const flyctlCalls = () => (existsSync(calls) ? readFileSync(calls, "utf8").trim().split("\n") : []);
    const originLog = () =>
      Bun.spawnSync(["git", "log", "--format=%s", "main"], { cwd: origin })
        .stdout.toString()
        .trim()
        .split("\n");
    const head = () => Bun.spawnSync(["git", "rev-parse", "HEAD"], { cwd: work }).stdout.toString().trim();
    return { work, tools, git, flyctlCalls, originLog, head };
  }

  test("keep commits the history back, [skip ci], pushes it and deploys that commit", async () => {
    const checkout = checkoutWithPosts(true);
    const kept = await runStep(KEEP, commit(6), "https://rin.example", {
      cwd: checkout.work,
      bin: checkout.tools,
    });
    expect(kept.code).toBe(0);
    expect(checkout.originLog()).toEqual([
      "/now: where the latest update was posted [skip ci]",
      "/now: Status: Shipping",
    ]);
    const [deploy] = checkout.flyctlCalls();
    expect(deploy).toStartWith(`deploy --remote-only --build-arg GIT_COMMIT=${checkout.head()} `);
  });

  test("keep with nothing new deploys nothing; a refused push says so and exits 0", async () => {
    const unchanged = checkoutWithPosts(false);
    const nothing = await runStep(KEEP, commit(7), "https://rin.example", {
      cwd: unchanged.work,
      bin: unchanged.tools,
    });
    expect({ code: nothing.code, stdout: nothing.stdout, calls: unchanged.flyctlCalls() }).toEqual({
      code: 0,
      stdout: "Nothing new to keep: the history already says where each post is\n",
      calls: [],
    });
    const raced = checkoutWithPosts(true);
    // Someone pushed meanwhile: the branch has moved on.
    const other = join(raced.work, "..", "other");
    Bun.spawnSync(["git", "clone", "--quiet", join(raced.work, "..", "origin.git"), other]);
    writeFileSync(join(other, "README"), "newer\n");
    raced.git(other, "add", ".");
    raced.git(other, "commit", "--quiet", "--message", "newer");
    raced.git(other, "push", "--quiet", "origin", "HEAD:main");
    const refused = await runStep(KEEP, commit(7), "https://rin.example", {
      cwd: raced.work,
      bin: raced.tools,
    });
    expect(refused.code).toBe(0);
    expect(refused.stdout).toContain("Not kept: the push was refused");
    expect(raced.flyctlCalls()).toEqual([]);
  });
});
