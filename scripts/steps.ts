/**
 * @module The commands of a package.json script that runs several, one after the other
 * as a shell's `a && b` runs them: the first that fails stops the rest. The script reads
 * its own command line first, so `--help` or a bad option runs none of them. Each step is
 * shown before it runs, on stderr, as `bun run` shows a script: `$ biome check .`.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");

export interface Step {
  /** As a person types it, e.g. `["tsc", "--noEmit"]`; it runs in the project's root. */
  readonly command: readonly string[];
  /** Added to the environment the step inherits. */
  readonly env?: Readonly<Record<string, string>>;
}

/** `bun` is the Bun running this script; a tool of the project's is its own (`node_modules/.bin`), as `bun run` finds it. */
function executable(program: string): string {
  if (program === "bun") return process.execPath;
  const local = join(ROOT, "node_modules", ".bin", program);
  return existsSync(local) ? local : program;
}

/** An argument as a shell would need it written. */
const quoted = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`);

/**
 * Runs `steps` in order and returns the exit status: 0 when every step succeeded, 1 once
 * one failed (it has said why; a line names it, starting with `name`).
 *
 * @example
 * process.exit(runSteps("bun run check", [{ command: ["biome", "check", "."] }, { command: ["tsc", "--noEmit"] }]));
 */
export function runSteps(name: string, steps: readonly Step[]): 0 | 1 {
  for (const { command, env = {} } of steps) {
    const shown = [...Object.entries(env).map(([key, value]) => `${key}=${value}`), ...command]
      .map(quoted)
      .join(" ");
    console.error(`$ ${shown}`);
    const [program = "", ...args] = command;
    const run = spawnSync(executable(program), args, {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    if (run.status === 0) continue;
    const how = run.error
      ? `could not run: ${run.error.message}`
      : run.signal
        ? `was ended by ${run.signal}`
        : `exited with ${run.status}`;
    console.error(`${name}: stopped: \`${shown}\` ${how}`);
    return 1;
  }
  return 0;
}
