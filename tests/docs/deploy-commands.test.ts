/**
 * The deploy a person runs by hand is the one the workflow runs: every `fly deploy` in the
 * README and the docs passes the build arguments the workflow's deploy step passes (the
 * commit and its time). And the docs say how to get `fly` and log in before the first
 * command that needs them.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";

const ROOT = join(import.meta.dir, "..", "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** The `--build-arg` names of a deploy command, sorted. */
const buildArgs = (command: string) =>
  [...command.matchAll(/--build-arg\s+([A-Z_]+)=/g)].map(([, name]) => name).sort();

/** The workflow's deploy step's command. */
function workflowDeploy(): string {
  const workflow = parseYaml(read(".github/workflows/deploy.yml")) as {
    jobs: Record<string, { steps: { name?: string; run?: string }[] }>;
  };
  const steps = Object.values(workflow.jobs).flatMap(({ steps }) => steps);
  const deploy = steps.find(({ run }) => run?.includes("flyctl deploy"));
  return deploy?.run ?? "";
}

const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

test("the workflow's deploy passes the commit and its time", () => {
  expect(buildArgs(workflowDeploy())).toEqual(["GIT_COMMIT", "GIT_COMMIT_TIME"]);
});

test.each(DOCS)("each fly deploy command in %s passes the workflow's build arguments", (file) => {
  const commands = read(file).match(/`?(fly|flyctl) deploy\b[^`\n]*/g) ?? [];
  // A mention of the command in prose ("a first `fly deploy` creates ...") is no command to run.
  const runnable = commands.filter((command) => command.includes("--") || !command.startsWith("`"));
  for (const command of runnable) expect(buildArgs(command)).toEqual(buildArgs(workflowDeploy()));
});

test("deploy.md says how to install fly and log in, before the first fly command", () => {
  const deploy = read("docs/deploy.md");
  const install = deploy.indexOf("https://fly.io/install.sh");
  const login = deploy.indexOf("fly auth login");
  const firstCommand = deploy.indexOf("fly launch");
  expect(install).toBeGreaterThan(-1);
  expect(login).toBeGreaterThan(-1);
  expect(install).toBeLessThan(firstCommand);
  expect(login).toBeLessThan(firstCommand);
});
