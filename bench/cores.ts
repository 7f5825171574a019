/**
 * Which core each side of a load round runs on. A server gets one core, as on the Fly
 * machine fly.toml asks for (`shared-cpu-1x`), and the load generator another, as a
 * site's clients are on other machines. Left to itself, the kernel sometimes ran both
 * on one core for seconds at a time, and that round's throughput fell
 * (docs/decisions/2026-11-21-bench-pinned-cores.md). Without `taskset` or a second core
 * nothing is pinned, and the bench says so.
 */
import { spawnSync } from "node:child_process";
import { cpus } from "node:os";

const CORES = cpus().length;
const SERVER_CORE = CORES - 1;
const LOAD_CORE = 0;

const PINNED = CORES >= 2 && !spawnSync("taskset", ["--version"]).error;

/** What the bench prints about it. */
export const PINNING = PINNED
  ? `servers on core ${SERVER_CORE}, load generator on core ${LOAD_CORE} (taskset)`
  : "not pinned (needs taskset and two cores)";

const onCore = (core: number, command: readonly string[]): string[] =>
  PINNED ? ["taskset", "--cpu-list", String(core), ...command] : [...command];

export const onServerCore = (command: readonly string[]) => onCore(SERVER_CORE, command);
export const onLoadCore = (command: readonly string[]) => onCore(LOAD_CORE, command);
