/**
 * The deployment files, which cannot run here: fly.toml, the Dockerfile and the
 * workflow are parsed and checked for what the site relies on.
 */
import { describe, expect, test } from "bun:test";
import { accessSync, constants, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { METRICS_PATH } from "../lib/app/metrics-endpoint.ts";
import { SHUTDOWN_GRACE_MS } from "../lib/app/start.ts";
import { doors } from "../lib/doors/feature.ts";
import { FINGER_MAX } from "../lib/doors/finger/door.ts";
import { DEFAULT_SSH_MAX } from "../lib/doors/ssh/config.ts";
import { DEFAULT_METRICS_PORT } from "../lib/runtime/config.ts";
import pkg from "../package.json" with { type: "json" };
import { OWNERS, ownerFile } from "./support/owners.ts";
import { settingsOf } from "./support/settings.ts";

/** What Fly sets in every machine, beside fly.toml's [env]. */
const ON_FLY = {
  FLY_APP_NAME: "my-site-api",
  FLY_MACHINE_ID: "abc123",
  FLY_REGION: "ams",
  FLY_PRIVATE_IP: "fdaa::3",
};

const root = join(import.meta.dir, "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");

/** The parts of fly.toml this file checks. */
interface FlyToml {
  kill_signal: string;
  kill_timeout: number;
  env: Record<string, string>;
  http_service: {
    internal_port: number;
    force_https: boolean;
    auto_stop_machines: string;
    auto_start_machines: boolean;
    min_machines_running: number;
    concurrency: { type: string; soft_limit: number; hard_limit: number };
    checks: { method: string; path: string }[];
  };
  metrics: { port: number; path: string };
  vm: { memory: string }[];
  services: {
    internal_port: number;
    protocol: string;
    auto_stop_machines: string;
    auto_start_machines: boolean;
    min_machines_running: number;
    ports: { port: number; handlers?: string[]; proxy_proto_options?: { version: string } }[];
    concurrency: { type: string; soft_limit: number; hard_limit: number };
  }[];
}

describe("fly.toml", () => {
  const fly = Bun.TOML.parse(read("fly.toml")) as FlyToml;
  const service = fly.http_service;

  test("serves HTTPS on the port the image listens on", () => {
    expect(service.internal_port).toBe(Number(fly.env.PORT));
    expect(read("Dockerfile")).toContain(`PORT=${fly.env.PORT}`);
    expect(service.force_https).toBe(true);
  });

  test("suspends idle machines, keeping the trigger's cooldown, and starts them on demand", () => {
    expect(service.auto_stop_machines).toBe("suspend");
    expect(service.auto_start_machines).toBe(true);
    expect(service.min_machines_running).toBe(0);
  });

  test("limits concurrency per machine, soft below hard", () => {
    expect(service.concurrency.type).toBe("requests");
    expect(service.concurrency.soft_limit).toBeLessThan(service.concurrency.hard_limit);
  });

  test("has Fly scrape /metrics on its own port, never the public one, on the private network", () => {
    expect(fly.metrics).toEqual({ port: DEFAULT_METRICS_PORT, path: METRICS_PATH });
    expect(fly.metrics.port).not.toBe(service.internal_port);
    expect(fly.env.METRICS_PORT ?? String(DEFAULT_METRICS_PORT)).toBe(String(fly.metrics.port));
    // Unset, the metrics listen on the machine's FLY_PRIVATE_IP, which Fly's scraper reaches.
    expect(fly.env.METRICS_HOST).toBeUndefined();
  });

  test("fits what suspend allows: 2 GB of memory at most", () => {
    for (const vm of fly.vm) expect(Number.parseInt(vm.memory, 10)).toBeLessThanOrEqual(2048);
  });

  test("health-checks GET /api/ping", () => {
    expect(service.checks).toContainEqual(expect.objectContaining({ method: "GET", path: "/api/ping" }));
  });

  test("sends SIGTERM and waits longer than the server's drain period", () => {
    expect(fly.kill_signal).toBe("SIGTERM");
    expect(fly.kill_timeout * 1000).toBeGreaterThan(SHUTDOWN_GRACE_MS);
  });

  describe.each([
    ["ssh", 22, "SSH_PORT", Number(fly.env.SSH_MAX_SESSIONS ?? DEFAULT_SSH_MAX)],
    ["finger", 79, "FINGER_PORT", FINGER_MAX],
  ] as const)("the %s door", (_door, publicPort, variable, limit) => {
    const door = fly.services?.find(({ ports }) => ports.some(({ port }) => port === publicPort));

    test(`maps the public port ${publicPort} to ${variable} inside, not 22 (fly ssh's), as raw TCP`, () => {
      expect(door?.internal_port).toBe(Number(fly.env[variable]));
      expect(door?.internal_port).not.toBe(22);
      expect(door?.protocol).toBe("tcp");
    });

    test("starts each connection with a PROXY v2 header naming the visitor, which the doors believe there", () => {
      expect(door?.ports).toEqual([
        { port: publicPort, handlers: ["proxy_proto"], proxy_proto_options: { version: "v2" } },
      ]);
      // On by default on Fly: nothing in [env] may turn it off while the handler writes headers.
      expect(fly.env.DOORS_PROXY_PROTOCOL ?? "on").toBe("on");
      expect(settingsOf(doors, { ...fly.env, ...ON_FLY }).proxyProtocol).toBe(true);
    });

    test("sleeps and wakes as the HTTP service does, counting connections up to the door's own limit", () => {
      expect(door).toMatchObject({
        auto_stop_machines: service.auto_stop_machines,
        auto_start_machines: service.auto_start_machines,
        min_machines_running: service.min_machines_running,
        concurrency: { type: "connections", hard_limit: limit },
      });
      expect(door?.concurrency.soft_limit).toBeLessThan(limit);
    });
  });

  test("keeps a machine's connections within the descriptors any Linux process starts with", () => {
    // Each connection the proxy opens to the machine is a descriptor: a request in flight
    // over HTTP (`requests`), or a door's connection. The process's own (listening sockets,
    // the runtime's, outgoing reads) are about 15 at rest; 100 leaves room. 1024 is Linux's
    // default soft limit, before Bun or Deno raise it to the hard one (docs/deploy.md).
    const OWN_DESCRIPTORS = 100;
    const LINUX_DEFAULT_SOFT_LIMIT = 1024;
    const limits = [service, ...fly.services].map(({ concurrency }) => concurrency.hard_limit);
    expect(limits.reduce((sum, limit) => sum + limit, OWN_DESCRIPTORS)).toBeLessThanOrEqual(
      LINUX_DEFAULT_SOFT_LIMIT,
    );
  });

  test("keeps the SSH host key out of the file: it is a secret", () => {
    expect(fly.env.SSH_HOST_KEY).toBeUndefined();
    expect(read("fly.toml")).not.toContain("PRIVATE KEY");
  });

  test("sets SITE_URL to an https origin and keeps the IndexNow key out of the file", () => {
    expect(new URL(fly.env.SITE_URL as string).protocol).toBe("https:");
    expect(JSON.stringify(fly)).not.toContain("INDEXNOW_KEY");
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  const stages = dockerfile.split(/^FROM /m).slice(1);

  test("builds the executable in one stage and runs it alone in a minimal one", () => {
    expect(stages).toHaveLength(2);
    expect(stages[0]).toContain("bun run build");
    const runtime = stages[1] as string;
    expect(runtime).toMatch(/^(gcr\.io\/distroless\/\S+|debian:\S+-slim)/);
    expect(runtime.match(/^COPY .*/gm)).toEqual(["COPY --from=build /src/dist/site /app/site"]);
    expect(runtime).toContain('ENTRYPOINT ["/app/site"]');
  });

  test("runs as a non-root user", () => {
    expect((stages[1] as string).match(/^USER (\S+)/m)?.[1]).toMatch(/^(nonroot|[1-9][0-9]*)(:|$)/);
  });

  test("pins bun to the version CI uses", () => {
    expect(stages[0]).toStartWith(`oven/bun:${Bun.version} `);
  });
});

describe(".github/workflows/deploy.yml", () => {
  const workflow = parseYaml(read(".github/workflows/deploy.yml"));
  const steps = (job: string): { run?: string; uses?: string }[] => workflow.jobs[job].steps;
  const runs = (job: string) => steps(job).flatMap((step) => (step.run ? [step.run] : []));

  test("deploys only after the tests pass", () => {
    expect(runs("test")).toContain(".ci/run");
    expect(() => accessSync(join(root, ".ci/run"), constants.X_OK)).not.toThrow();
    expect(workflow.jobs.deploy.needs).toBe("test");
  });

  test("deploys, waits for the new release, then notifies IndexNow, in that order", () => {
    const commands = runs("deploy");
    const at = (command: string) => commands.findIndex((run) => run.includes(command));
    expect(at("flyctl deploy")).toBeGreaterThan(-1);
    expect(at("bun run release:wait")).toBeGreaterThan(at("flyctl deploy"));
    expect(at("bun run notify")).toBeGreaterThan(at("bun run release:wait"));
  });

  test("waits for every started machine, not only the one the proxy picks", () => {
    const wait = runs("deploy").find((run) => run.includes("bun run release:wait")) ?? "";
    expect(wait).toStartWith("flyctl machines list --json |");
    expect(wait).toEndWith("--machines -");
  });

  test("pins every third-party action to a commit, naming its release beside it", () => {
    const uses = Object.keys(workflow.jobs).flatMap((job) =>
      steps(job).flatMap((step) => (step.uses ? [step.uses] : [])),
    );
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
    for (const line of read(".github/workflows/deploy.yml")
      .split("\n")
      .filter((l) => l.includes("uses:"))) {
      expect(line).toMatch(/@[0-9a-f]{40} # \S+$/);
    }
  });

  test("reads SITE_URL from fly.toml, the one place it is set, and no repository variable", () => {
    const text = read(".github/workflows/deploy.yml");
    expect(text).not.toContain("vars.");
    expect(runs("deploy").some((run) => run.includes("$(bun run site-url)"))).toBe(true);
  });

  test("gives each step only the secrets it uses: FLY_API_TOKEN to flyctl's, the accounts' to post, none to notify", () => {
    const POSTING = [
      "BLUESKY_HANDLE",
      "BLUESKY_APP_PASSWORD",
      "BLUESKY_SERVICE",
      "MASTODON_URL",
      "MASTODON_TOKEN",
    ].map((name) => `\${{ secrets.${name} }}`);
    for (const step of steps("deploy") as { run?: string; env?: Record<string, string> }[]) {
      const secrets = Object.values(step.env ?? {}).filter((value) => value.includes("secrets."));
      const expected = step.run?.includes("flyctl")
        ? // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, as the workflow writes it
          ["${{ secrets.FLY_API_TOKEN }}"]
        : step.run === "bun run post"
          ? POSTING
          : [];
      expect({ run: step.run, secrets: secrets.sort() }).toEqual({ run: step.run, secrets: expected.sort() });
    }
  });

  const scripts = Object.keys(pkg.scripts);
  const used = Object.keys(workflow.jobs).flatMap((job) =>
    runs(job).flatMap((run) => [...run.matchAll(/\bbun run ([\w:-]+)/g)].map((m) => m[1] as string)),
  );

  test("runs some package.json scripts", () => {
    expect(used.length).toBeGreaterThanOrEqual(2);
  });

  test.each(used)("`bun run %s` is a script in package.json", (script) => {
    expect(scripts).toContain(script);
  });
});

describe("package.json and bun.lock", () => {
  const lock = read("bun.lock");

  test("name the project, not an owner: no fixture owner's handle is in the name", () => {
    for (const owner of OWNERS) {
      const { handle } = ownerFile<{ handle: string }>(owner, "profile.json");
      expect(pkg.name.split("-")).not.toContain(handle);
    }
  });

  test("bun.lock's root workspace has package.json's name", () => {
    expect(lock).toContain(`"": {\n      "name": ${JSON.stringify(pkg.name)},`);
  });
});
